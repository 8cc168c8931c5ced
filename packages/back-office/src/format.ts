/**
 * A time as the back office shows it: London time, e.g. "3 Mar 2026, 14:05". Shared by the
 * screens, below them, so that no screen imports another one for it (eslint.layers.js).
 */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Today's calendar date where staff are (the summary's rules read a date). */
export function today(now: Date = new Date()): { year: number; month: number; day: number } {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}
