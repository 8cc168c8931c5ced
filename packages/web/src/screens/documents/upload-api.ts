import { apiUrl } from '../../api/api-base';
import { isRecord, requestJson } from '../../api/http';

/** The server's limit (docs/documents.md): checked here first so a large file is not sent. */
export const MAX_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  choose: 'Choose a file to upload',
  tooLarge: 'The file must be 10 MB or smaller',
  rateLimited: 'Too many uploads from this connection. Wait a minute and try again',
  failed: 'The file could not be sent. Check your connection and try again',
} as const;

export interface LinkDocument {
  id: number;
  name: string;
  status: 'needed' | 'received';
  previousReason: string | null;
}

export type LinkResult =
  | { kind: 'ok'; documents: LinkDocument[] }
  | { kind: 'unusable'; message: string }
  | { kind: 'refused'; message: string };

function documentsOf(data: unknown): LinkDocument[] {
  if (!isRecord(data) || !Array.isArray(data.documents)) return [];
  return data.documents.filter(isRecord).map((document) => ({
    id: Number(document.id),
    name: String(document.name),
    status: document.status === 'received' ? 'received' : 'needed',
    previousReason: typeof document.previousReason === 'string' ? document.previousReason : null,
  }));
}

function messageOf(data: unknown): string | null {
  return isRecord(data) && typeof data.message === 'string' ? data.message : null;
}

export async function readLink(token: string): Promise<LinkResult> {
  try {
    const response = await requestJson('POST', await apiUrl('/api/documents/link'), { token });
    if (response.ok) return { kind: 'ok', documents: documentsOf(response.data) };
    if (response.status === 429) return { kind: 'unusable', message: UPLOAD_MESSAGES.rateLimited };
    return { kind: 'unusable', message: messageOf(response.data) ?? UPLOAD_MESSAGES.failed };
  } catch {
    return { kind: 'unusable', message: UPLOAD_MESSAGES.failed };
  }
}

/** Sends the file's bytes as they are; the server checks what they are. */
export async function uploadDocument(
  token: string,
  documentId: number,
  file: File,
): Promise<LinkResult> {
  try {
    const response = await fetch(await apiUrl(`/api/documents/upload/${documentId}`), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': file.type || 'application/octet-stream',
        'X-Document-Token': token,
        'X-File-Name': encodeURIComponent(file.name),
      },
      body: file,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(120_000),
    });
    const data: unknown = await response.json().catch(() => null);
    if (response.ok) return { kind: 'ok', documents: documentsOf(data) };
    if (response.status === 413) return { kind: 'refused', message: UPLOAD_MESSAGES.tooLarge };
    if (response.status === 429) return { kind: 'refused', message: UPLOAD_MESSAGES.rateLimited };
    if (response.status === 404 || response.status === 410) {
      return { kind: 'unusable', message: messageOf(data) ?? UPLOAD_MESSAGES.failed };
    }
    return { kind: 'refused', message: messageOf(data) ?? UPLOAD_MESSAGES.failed };
  } catch {
    return { kind: 'refused', message: UPLOAD_MESSAGES.failed };
  }
}
