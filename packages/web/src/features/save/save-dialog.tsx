import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { validateEmail } from '@broker/domain';
import { getApplication } from '../../state/application-store';
import { saveDraft } from './draft';

const FAILED = 'Sorry, we could not save your application just now. Please try again.';
const RATE_LIMITED =
  'Sorry, we have had too many requests to save from here. Please try again in an hour.';

/** The dialog of SaveLater: the e-mail address (the applicant's, when given), then the answer. */
export default function SaveDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  const [email, setEmail] = useState(() => getApplication().form.email ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [sentTo, setSentTo] = useState('');

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (status === 'sent') done.current?.focus();
  }, [status]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    const emailProblem = validateEmail(email);
    if (emailProblem !== null) {
      setProblem(emailProblem);
      input.current?.focus();
      return;
    }
    setProblem(null);
    setStatus('sending');
    const result = await saveDraft(getApplication(), window.location.pathname, email);
    if (result === 'sent') {
      setSentTo(email.trim());
      setStatus('sent');
      return;
    }
    setStatus('idle');
    setProblem(result === 'rate-limited' ? RATE_LIMITED : FAILED);
    input.current?.focus();
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <dialog
      ref={dialog}
      className="modal save-dialog"
      aria-labelledby={`${id}-title`}
      // 'close' does not bubble in the DOM but does through React's tree: the session warning
      // this may sit in must not take it for its own.
      onClose={(event) => {
        event.stopPropagation();
        onClose();
      }}
    >
      <h2 id={`${id}-title`} className="heading-m modal__title">
        Save and come back later
      </h2>
      {status === 'sent' ? (
        <div className="modal__body">
          <p ref={done} tabIndex={-1} className="body" role="status">
            We have sent a link to {sentTo}.
          </p>
          <p className="body">
            It opens your application where you left off, on any device. It works once, for 30 days.
            If it has not arrived in a few minutes, check your junk folder.
          </p>
          <div className="button-group modal__actions">
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form className="modal__body" noValidate onSubmit={(event) => void onSubmit(event)}>
          <p className="body">
            We will email you a link to this application. It works once, for 30 days, on any device.
            Anyone with the link can see your answers.
          </p>
          <div className={problem ? 'form-group form-group--error' : 'form-group'}>
            <label className="label" htmlFor={`${id}-email`}>
              Email address
            </label>
            <div id={hintId} className="hint">
              We use it only to send you the link.
            </div>
            {problem !== null && (
              <p id={errorId} className="error-message">
                <span className="visually-hidden">Error:</span> {problem}
              </p>
            )}
            <input
              ref={input}
              id={`${id}-email`}
              className={problem ? 'input input--error input--full' : 'input input--full'}
              type="email"
              autoComplete="email"
              spellCheck={false}
              value={email}
              aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="button-group modal__actions">
            <button type="submit" className="button" aria-disabled={status === 'sending'}>
              {status === 'sending' ? 'Sending…' : 'Send me a link'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dialog.current?.close()}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
