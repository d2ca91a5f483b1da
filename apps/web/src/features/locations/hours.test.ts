import type { OpeningHours } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import { summariseHours, todayText } from './hours';

const day = (open: string, close: string) => [{ open, close }];
const hours: OpeningHours = {
  MONDAY: [],
  TUESDAY: day('10:00', '19:00'),
  WEDNESDAY: day('10:00', '19:00'),
  THURSDAY: day('10:00', '19:00'),
  FRIDAY: day('10:00', '19:00'),
  SATURDAY: [...day('10:00', '13:00'), ...day('14:00', '18:00')],
  SUNDAY: [],
};

describe('opening hours', () => {
  it('share a line across consecutive days with the same hours', () => {
    expect(summariseHours(hours)).toEqual([
      { days: 'Mon', hours: 'Closed' },
      { days: 'Tue–Fri', hours: '10:00–19:00' },
      { days: 'Sat', hours: '10:00–13:00, 14:00–18:00' },
      { days: 'Sun', hours: 'Closed' },
    ]);
  });

  it("give today's hours in the boutique's own time zone", () => {
    // Monday 23:30 UTC is already Tuesday in Tokyo.
    const mondayNight = new Date('2025-06-02T23:30:00Z');
    expect(todayText(hours, 'America/New_York', mondayNight)).toBe('Closed today');
    expect(todayText(hours, 'Asia/Tokyo', mondayNight)).toBe('Today 10:00–19:00');
  });
});
