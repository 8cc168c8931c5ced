import type { CalendarDate } from '@broker/domain';

/** The visitor's local calendar date: ages and the current year are judged on it. */
export function today(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}
