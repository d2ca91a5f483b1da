import { OpeningHoursSchema, WEEKDAYS, type OpeningHours, type Weekday } from '@mirror/contract';

/**
 * The opening-hours editor's logic. The rules are the contract's own (`OpeningHoursSchema`: HH:MM,
 * closing after opening, at most three ranges a day, no overlaps), so the browser and the API
 * refuse the same week; whatever the API answers is still shown on the day it concerns.
 */
export type Range = OpeningHours[Weekday][number];

export const MAX_RANGES = 3;

export const WEEKDAY_LABEL: Record<Weekday, string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

/** A new boutique's week: Monday to Saturday 10:00–19:00, Sunday closed. */
export function defaultWeek(): OpeningHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, day === 'SUNDAY' ? [] : [{ open: '10:00', close: '19:00' }]])) as OpeningHours;
}

/** Every weekday present (the API may omit closed ones). */
export function fullWeek(hours: Partial<OpeningHours> | undefined): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, (hours?.[day] ?? []).map((r) => ({ open: r.open, close: r.close }))]),
  ) as OpeningHours;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/**
 * The range the "Add hours" button proposes: an hour after the day's last closing, for up to four
 * hours, before midnight. Null when the day is full (three ranges, or nothing fits after 22:59).
 */
export function nextRange(ranges: readonly Range[]): Range | null {
  if (ranges.length >= MAX_RANGES) return null;
  if (ranges.length === 0) return { open: '10:00', close: '19:00' };
  const lastClose = Math.max(...ranges.map((r) => (isTime(r.close) ? toMinutes(r.close) : 0)));
  const open = lastClose + 60;
  const close = Math.min(open + 240, 23 * 60 + 59);
  if (close <= open) return null;
  return { open: toTime(open), close: toTime(close) };
}

/** Ranges in time order (the API stores them so; the editor sorts on leaving a field). */
export function sortRanges(ranges: readonly Range[]): Range[] {
  return [...ranges].sort((a, b) => a.open.localeCompare(b.open));
}

export interface DayProblems {
  /** About the day as a whole (e.g. too many ranges). */
  day?: string;
  /** Per range index: the opening and the closing field's problem. */
  ranges: Record<number, { open?: string; close?: string }>;
}

const emptyProblems = (): DayProblems => ({ ranges: {} });

/**
 * Puts problems given as contract paths (`openingHours.MONDAY.1.open`, or `MONDAY.1.open` inside
 * the hours) on their weekday and range. Paths that name no weekday are returned apart.
 */
export function problemsByDay(issues: readonly { path: string; message: string }[]): {
  byDay: Partial<Record<Weekday, DayProblems>>;
  other: string[];
} {
  const byDay: Partial<Record<Weekday, DayProblems>> = {};
  const other: string[] = [];
  for (const issue of issues) {
    const parts = issue.path.split('.').filter(Boolean);
    if (parts[0] === 'openingHours') parts.shift();
    const [day, index, field] = parts;
    if (!day || !(WEEKDAYS as readonly string[]).includes(day)) {
      other.push(issue.message);
      continue;
    }
    const problems = (byDay[day as Weekday] ??= emptyProblems());
    const i = Number(index);
    if (index === undefined || !Number.isInteger(i)) {
      problems.day ??= issue.message;
      continue;
    }
    const slot = (problems.ranges[i] ??= {});
    // A range with no named field (a malformed object) shows its message on the closing time.
    if (field === 'open') slot.open ??= issue.message;
    else slot.close ??= issue.message;
  }
  return { byDay, other };
}

/** The week checked with the contract's rules, as problems per day (empty when it is valid). */
export function validateWeek(hours: OpeningHours): Partial<Record<Weekday, DayProblems>> {
  const result = OpeningHoursSchema.safeParse(hours);
  if (result.success) return {};
  return problemsByDay(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))).byDay;
}

/** Mirrors a day onto others ("Same as Monday" for the weekdays). */
export function copyDay(hours: OpeningHours, from: Weekday, to: readonly Weekday[]): OpeningHours {
  const next = { ...hours };
  for (const day of to) next[day] = hours[from].map((r) => ({ ...r }));
  return next;
}

/** 'Closed', or the ranges as the site shows them: '10:00–12:30, 14:00–19:00'. */
export function dayText(ranges: readonly Range[]): string {
  return ranges.length === 0
    ? 'Closed'
    : sortRanges(ranges)
        .map((r) => `${r.open}–${r.close}`)
        .join(', ');
}

/** For the table: how many days the location opens. */
export function openDays(hours: Partial<OpeningHours>): number {
  return WEEKDAYS.filter((day) => (hours[day]?.length ?? 0) > 0).length;
}

/**
 * react-hook-form's errors under `openingHours` (from the resolver or from `setError` with the
 * API's paths) flattened to contract paths, then grouped by day.
 */
export function problemsFromFormErrors(errors: unknown): Partial<Record<Weekday, DayProblems>> {
  const issues: { path: string; message: string }[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message && path.length) issues.push({ path: path.join('.'), message: record.message });
    for (const [key, child] of Object.entries(record)) {
      // `root` holds an array's own problem (e.g. too many ranges), `ref` the DOM node.
      if (key === 'message' || key === 'type' || key === 'ref' || key === 'types') continue;
      walk(child, key === 'root' ? path : [...path, key]);
    }
  };
  walk(errors, []);
  return problemsByDay(issues).byDay;
}
