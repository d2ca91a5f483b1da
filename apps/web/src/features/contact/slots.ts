import type { OpeningHours, Weekday } from '@mirror/contract';
import { WEEKDAYS } from '../../config/vocabulary';
import { formatDate } from '../../lib/format';

/** A boutique as the appointment form knows it: its label and its week. */
export interface BookableBoutique {
  id: string;
  label: string;
  openingHours: OpeningHours;
}

export interface DayOption {
  /** ISO date, what the request carries. */
  value: string;
  /** 'Tue 24 November 2026': the house's way of writing a date, with its day (short enough for a phone). */
  label: string;
}

/** Appointments start on the hour and last this long: the last one ends by closing time. */
export const SLOT_MINUTES = 60;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/** The weekday of an ISO date (the date as written, whatever the time zone). */
export function weekdayOf(isoDate: string): Weekday {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(day + 6) % 7]!;
}

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The days a boutique can receive, from tomorrow on, for `count` calendar days: every day its hours
 * list at least one range long enough for an appointment. Without a boutique, every day.
 */
export function appointmentDays(hours: OpeningHours | undefined, today: string, count = 42): DayOption[] {
  const start = new Date(`${today}T12:00:00Z`);
  const days: DayOption[] = [];
  for (let i = 1; i <= count; i += 1) {
    const iso = isoOf(new Date(start.getTime() + i * 86_400_000));
    if (hours && appointmentSlots(hours, iso).length === 0) continue;
    days.push({ value: iso, label: `${formatDate(iso, { weekday: 'short' })} ${formatDate(iso)}` });
  }
  return days;
}

/** The hours an appointment may start on that day: on the hour, ending by the close of its range. */
export function appointmentSlots(hours: OpeningHours, isoDate: string): string[] {
  const ranges = [...hours[weekdayOf(isoDate)]].sort((a, b) => minutes(a.open) - minutes(b.open));
  const slots: string[] = [];
  for (const range of ranges) {
    const open = minutes(range.open);
    const close = minutes(range.close);
    for (let t = Math.ceil(open / 60) * 60; t + SLOT_MINUTES <= close; t += 60) slots.push(hhmm(t));
  }
  return slots;
}
