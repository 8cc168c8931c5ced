import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { ContactUs } from '../outcome/contact-us';
import './upload-page.css';
import {
  readLink,
  uploadDocument,
  MAX_BYTES,
  UPLOAD_MESSAGES,
  type LinkDocument,
  type LinkResult,
} from './upload-api';

/**
 * /documents#<token>: the page an upload link opens (docs/documents.md). The token is after '#',
 * so it is never sent in a request line, a log or a Referer; the page sends it in a header.
 */
export default function DocumentsUploadPage() {
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [state, setState] = useState<LinkResult | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    let live = true;
    void readLink(token).then((result) => {
      if (live) setState(result);
    });
    return () => {
      live = false;
    };
  }, [token]);

  const title = `Upload your documents – ${currentBrand().name}`;
  if (state === null) {
    return (
      <>
        <title>{title}</title>
        <PageHeading>Upload your documents</PageHeading>
        <p className="body" role="status">
          Loading…
        </p>
      </>
    );
  }
  if (state.kind !== 'ok') {
    return (
      <>
        <title>{`This link cannot be used – ${currentBrand().name}`}</title>
        <PageHeading>This link cannot be used</PageHeading>
        <p className="body">{state.message}</p>
        <ContactUs />
      </>
    );
  }
  const needed = state.documents.filter((document) => document.status === 'needed');
  return (
    <>
      <title>{title}</title>
      <PageHeading>Upload your documents</PageHeading>
      {needed.length === 0 ? (
        <div className="panel">
          <p className="panel__body">Thank you: we have every document we asked for.</p>
        </div>
      ) : (
        <p className="body">
          We need {needed.length === 1 ? 'one document' : `${needed.length} documents`} from you.{' '}
          {needed.length === 1 ? 'It' : 'Each'} can be a PDF, or a photo as a JPEG or PNG, 10 MB or
          smaller.
        </p>
      )}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      <ul className="document-list">
        {state.documents.map((document) => (
          <li key={document.id} className="document-list__item">
            <DocumentUpload
              token={token}
              document={document}
              onDone={(next) => {
                setState(next);
                setNotice(`${document.name}: uploaded`);
              }}
            />
          </li>
        ))}
      </ul>
      <ContactUs intro="If you have a question about what we asked for, contact us" />
    </>
  );
}

function DocumentUpload({
  token,
  document,
  onDone,
}: {
  token: string;
  document: LinkDocument;
  onDone: (state: LinkResult) => void;
}) {
  const id = useId();
  const inputId = `${id}-file`;
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  if (document.status === 'received') {
    return (
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="heading-m">
          {document.name}
        </h2>
        <p className="body document-list__received">
          <strong>Received.</strong> Thank you: we will look at it and let you know if we need
          anything else.
        </p>
      </section>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return fail(UPLOAD_MESSAGES.choose);
    if (file.size > MAX_BYTES) return fail(UPLOAD_MESSAGES.tooLarge);
    setSending(true);
    const result = await uploadDocument(token, document.id, file);
    setSending(false);
    if (result.kind === 'refused') return fail(result.message);
    onDone(result);
  };

  function fail(message: string) {
    setError(message);
    input.current?.focus();
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="heading-m">
        {document.name}
      </h2>
      {document.previousReason !== null && (
        <p className="body">
          We could not accept the one you sent before: {document.previousReason}
        </p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={error ? 'form-group form-group--error' : 'form-group'}>
          <label className="label" htmlFor={inputId}>
            Choose a file for: {document.name}
          </label>
          <div id={`${inputId}-hint`} className="hint">
            PDF, JPEG or PNG, 10 MB or smaller
          </div>
          {error && (
            <p id={`${inputId}-error`} className="error-message" role="alert">
              <span className="visually-hidden">Error:</span> {error}
            </p>
          )}
          <input
            ref={input}
            id={inputId}
            name="file"
            type="file"
            className="file-input"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            aria-invalid={error !== null}
            aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
            onChange={() => setError(null)}
          />
        </div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Uploading…' : 'Upload'}
        </button>
      </form>
    </section>
  );
}
