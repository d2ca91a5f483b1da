import type { OpeningHours, Weekday } from '@mirror/contract';
import { WEEKDAYS } from '../../config/vocabulary';

const SHORT: Record<Weekday, string> = {
  MONDAY: 'Mon',
  TUESDAY: 'Tue',
  WEDNESDAY: 'Wed',
  THURSDAY: 'Thu',
  FRIDAY: 'Fri',
  SATURDAY: 'Sat',
  SUNDAY: 'Sun',
};

export interface HoursLine {
  days: string;
  hours: string;
}

function intervalsText(hours: OpeningHours, day: Weekday): string {
  const list = hours[day];
  return list.length === 0 ? 'Closed' : list.map((i) => `${i.open}–${i.close}`).join(', ');
}

/** Consecutive days with the same hours share a line: 'Mon–Fri 10:00–19:00', 'Sun Closed'. */
export function summariseHours(hours: OpeningHours): HoursLine[] {
  const lines: { from: Weekday; to: Weekday; hours: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = intervalsText(hours, day);
    const last = lines[lines.length - 1];
    if (last && last.hours === text) last.to = day;
    else lines.push({ from: day, to: day, hours: text });
  }
  return lines.map((l) => ({ days: l.from === l.to ? SHORT[l.from] : `${SHORT[l.from]}–${SHORT[l.to]}`, hours: l.hours }));
}

/** The boutique's weekday right now, in its own time zone. */
// One formatter per time zone: building one costs far more than using it (each boutique card asks).
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

function weekdayFormat(timezone: string): Intl.DateTimeFormat {
  let format = weekdayFormats.get(timezone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: timezone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
    }
    weekdayFormats.set(timezone, format);
  }
  return format;
}

export function localWeekday(timezone: string, now: Date = new Date()): Weekday {
  return weekdayFormat(timezone).format(now).toUpperCase() as Weekday;
}

export function todayText(hours: OpeningHours, timezone: string, now: Date = new Date()): string {
  const text = intervalsText(hours, localWeekday(timezone, now));
  return text === 'Closed' ? 'Closed today' : `Today ${text}`;
}
