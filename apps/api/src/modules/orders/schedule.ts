// The pure planning lives in @mirror/contract so the web app previews exactly what the server persists.
export { addMonths, planSchedule, ScheduleError, scheduleStatus, splitEvenly } from '@mirror/contract';
export type { PlannedItem } from '@mirror/contract';

/** An ISO date `days` later (or earlier, when negative). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
