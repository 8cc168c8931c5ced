/**
 * The submission key of the application this tab has just sent, kept in sessionStorage for the
 * outcome page's "Email me a copy" (docs/mail.md, decision 0091): the answers are cleared when
 * the server answers, and the key is what proves the copy is asked for by the tab that sent it.
 */
export const SENT_KEY_STORAGE_KEY = 'broker-sent-application';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberSentApplication(submissionKey: string): void {
  try {
    storage()?.setItem(SENT_KEY_STORAGE_KEY, submissionKey);
  } catch {
    // Storage full or refused: the outcome page then offers no copy.
  }
}

export function sentApplicationKey(): string | null {
  const key = storage()?.getItem(SENT_KEY_STORAGE_KEY) ?? null;
  return key !== null && /^[0-9a-f-]{36}$/i.test(key) ? key : null;
}
