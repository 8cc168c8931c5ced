/**
 * The applicant's name as the back office's search matches it: "first last", lower case, runs of
 * white space as one space (docs/decisions/0036-back-office-search.md). Null when there is no name.
 * Shared by the submission's writes and migration 0010 so both store the same text.
 */
export function searchName(payloadJson: string): string | null {
  let payload: unknown;
  try {
    payload = JSON.parse(payloadJson);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { firstName, lastName } = payload as Record<string, unknown>;
  return searchNameOf(firstName, lastName);
}

/** The same from the names themselves: a submission has its payload parsed already. */
export function searchNameOf(firstName: unknown, lastName: unknown): string | null {
  const name = [firstName, lastName]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
  return name === '' ? null : name;
}
