import type { OpeningHours } from '@mirror/contract';
import { describe, expect, it } from 'vitest';
import { appointmentDays, appointmentSlots, weekdayOf } from './slots';

const closed = { MONDAY: [], TUESDAY: [], WEDNESDAY: [], THURSDAY: [], FRIDAY: [], SATURDAY: [], SUNDAY: [] };
const hours: OpeningHours = {
  ...closed,
  TUESDAY: [{ open: '10:00', close: '19:00' }],
  // Split hours, the morning range out of order and a half-hour opening.
  SATURDAY: [
    { open: '14:00', close: '18:00' },
    { open: '09:30', close: '12:30' },
  ],
};

describe('appointment slots', () => {
  it('reads the weekday of a date as written', () => {
    expect(weekdayOf('2026-11-24')).toBe('TUESDAY');
    expect(weekdayOf('2026-11-29')).toBe('SUNDAY');
  });

  it('starts on the hour within each range and ends by its close', () => {
    expect(appointmentSlots(hours, '2026-11-24')).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
    ]);
    expect(appointmentSlots(hours, '2026-11-28')).toEqual(['10:00', '11:00', '14:00', '15:00', '16:00', '17:00']);
    expect(appointmentSlots(hours, '2026-11-29')).toEqual([]);
  });

  it('offers only the days the boutique receives, from tomorrow, written in full', () => {
    const days = appointmentDays(hours, '2026-11-23', 14);
    expect(days.map((d) => d.value)).toEqual(['2026-11-24', '2026-11-28', '2026-12-01', '2026-12-05']);
    expect(days[0]!.label).toBe('Tue 24 November 2026');
  });

  it('offers every day when no boutique is chosen', () => {
    expect(appointmentDays(undefined, '2026-11-23', 7)).toHaveLength(7);
  });
});
