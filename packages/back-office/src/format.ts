import type { ApplicationBranch } from '@broker/domain';
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

/**
 * A calendar date (YYYY-MM-DD, e.g. a quote's last day) in the same words as `formatWhen`:
 * "3 Mar 2026" (docs/decisions/0081-one-date-format.md).
 */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** A stored time, or a calendar date, the back office's one way (decision 0081). */
export function formatStored(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : formatWhen(value);
}

/** The outcomes, in words with their capital (the list's filter and every screen). */
export const OUTCOME_NAMES: Readonly<Record<string, string>> = {
  approved: 'Approved',
  declined: 'Declined',
  duplicate: 'Possible duplicate',
  abandoned: 'Abandoned (partial)',
};

/** The branches (the domain's `APPLICATION_BRANCHES`), in words with their capital. */
export const BRANCH_NAMES: Readonly<Record<ApplicationBranch, string>> = {
  vehicle: 'Vehicle',
  secured: 'Secured',
  joint: 'Joint',
};

/** A code in words: its name, or the code itself with a capital when it has none. */
export function named(names: Readonly<Record<string, string>>, code: string): string {
  return names[code] ?? code.charAt(0).toUpperCase() + code.slice(1);
}
