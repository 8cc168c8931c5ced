import type { DocumentType } from '../db/schema.js';

/** What staff can ask an applicant for (docs/documents.md), in the order the screens list them. */
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'payslip',
  'bank-statement',
  'proof-of-address',
  'id',
];

export const DOCUMENT_TYPE_NAMES: Readonly<Record<DocumentType, string>> = {
  payslip: 'Payslip',
  'bank-statement': 'Bank statement',
  'proof-of-address': 'Proof of address',
  id: 'Photo ID (passport or driving licence)',
};

/** The largest file accepted: a phone's photo of a page, or a statement's PDF, fits. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The types accepted, by what the file's bytes are, with the names a file of each may have. */
export const ACCEPTED_FILES: Readonly<Record<string, { extensions: readonly string[] }>> = {
  'application/pdf': { extensions: ['pdf'] },
  'image/jpeg': { extensions: ['jpg', 'jpeg'] },
  'image/png': { extensions: ['png'] },
};

export const DOCUMENT_MESSAGES = {
  chooseType: 'Select at least one document to ask for',
  noEmail: 'We do not have an e-mail address for this person, so we cannot send them a link',
  noPerson: 'This application has no joint applicant',
  mailFailed: 'The e-mail could not be sent, so nothing was asked for. Try again in a few minutes',
  reasonEmpty: 'Enter the reason the document cannot be accepted',
  reasonTooLong: 'Enter a reason of 500 characters or fewer',
  notReceived: 'This document has not been uploaded yet, or has already been decided',
  empty: 'The file is empty. Choose the file again',
  wrongType: 'The file must be a PDF, JPEG or PNG',
  notWhatItClaims:
    'The file is not the PDF, JPEG or PNG its name says it is. Choose a PDF, JPEG or PNG file',
  tooLarge: 'The file must be 10 MB or smaller',
  alreadyReceived: 'We already have this document',
  linkUnknown:
    'This link is not valid. Check you used the whole link from our e-mail, or contact us for a new one',
  linkExpired: 'This link has expired. Contact us and we will send you a new one',
  linkUsed:
    'This link has been used: we have every document it asked for. If we need anything else, we will e-mail you a new link',
} as const;

/**
 * A file name kept for staff to read, never used as a path: the last segment, without control
 * characters, at most 200 characters.
 */
export function displayFileName(raw: string | undefined): string {
  let name = raw ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: kept as sent.
  }
  // eslint-disable-next-line no-control-regex
  name = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name.slice(0, 200) || 'document';
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}
