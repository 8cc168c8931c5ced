import { restoreState, serialiseState, type ApplicationState } from '@broker/domain';
import { apiUrl } from '../../api/api-base';
import { requestJson } from '../../api/http';
import { open, seal } from './crypto';

/** What a saved draft holds, sealed: the screen to reopen and the whole application. */
interface DraftContent {
  path: string;
  state: string;
}

export type SaveResult = 'sent' | 'rate-limited' | 'failed';

/** Seals the answers with a new key and asks the server to e-mail the link. */
export async function saveDraft(
  application: ApplicationState,
  path: string,
  email: string,
): Promise<SaveResult> {
  try {
    const content: DraftContent = { path, state: serialiseState(application) };
    const sealed = await seal(JSON.stringify(content));
    // The payload's submission key (packages/domain/src/codec/envelope.ts): the same lead.
    const submissionKey = application.form.sessionId?.trim() || application.GUID?.trim() || '';
    const response = await requestJson('POST', await apiUrl('/api/saved'), {
      email: email.trim(),
      submissionKey,
      ...sealed,
    });
    if (response.status === 429) return 'rate-limited';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

export type ResumeResult =
  | { kind: 'opened'; application: ApplicationState; path: string }
  | { kind: 'used' | 'expired' | 'broken' | 'failed' };

/** `fragment` is the link's `#token.key`: the token is sent, the key never leaves the page. */
export async function resumeDraft(fragment: string): Promise<ResumeResult> {
  const [token, key] = fragment.replace(/^#/, '').split('.');
  if (!token || !key) return { kind: 'broken' };
  let response;
  try {
    response = await requestJson('POST', await apiUrl('/api/saved/resume'), { token });
  } catch {
    return { kind: 'failed' };
  }
  const error = (response.data as { error?: unknown } | null)?.error;
  if (response.status === 410) return { kind: error === 'used' ? 'used' : 'expired' };
  if (response.status === 404 || response.status === 400) return { kind: 'broken' };
  if (!response.ok) return { kind: 'failed' };
  try {
    const ciphertext = (response.data as { ciphertext: string }).ciphertext;
    const content = JSON.parse(await open({ ciphertext, key })) as DraftContent;
    const application = restoreState(content.state);
    if (!application || !content.path.startsWith('/')) return { kind: 'broken' };
    return { kind: 'opened', application, path: content.path };
  } catch {
    return { kind: 'broken' };
  }
}
