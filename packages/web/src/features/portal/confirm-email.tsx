import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { validateEmail } from '@broker/domain';
import { confirmEmail, requestNewCode } from '../../api/portal';

const CODE_MISSING = 'Please enter your confirmation code.';
const CODE_BAD_FORMAT = 'Please enter the 6 digits of the code in our email.';
const CODE_REFUSED =
  'That code has not worked. It may be mistyped, used already or older than 15 minutes. Check our latest email or ask for a new code.';
const CONFIRM_FAILED = 'Sorry, we could not check your code just now. Please try again.';
const NEW_CODE_SENT =
  'If that address has an account still to be confirmed, we have emailed it a new code. It can take a few minutes to arrive.';

// The widgets' ErrorMessage and focusField are not imported: sharing their modules with this
// chunk splits them out of the journey's chunks, which costs the first screen 0.6 KB gzip
// (docs/design.md §5's 95 KB budget). These are the same markup and behaviour, for two fields.
function ErrorMessage({ id, message }: { id: string; message: string | null }) {
  if (message === null) return null;
  return (
    <p id={id} className="error-message">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

function focusInput(id: string): boolean {
  const input = document.getElementById(id);
  if (!input) return false;
  (input.closest('.form-group') ?? input).scrollIntoView({ block: 'start' });
  input.focus({ preventScroll: true });
  return true;
}

interface Problems {
  email: string | null;
  code: string | null;
}

function codeProblem(code: string): string | null {
  if (code === '') return CODE_MISSING;
  return /^\d{6}$/.test(code) ? null : CODE_BAD_FORMAT;
}

/**
 * Proves the applicant owns the e-mail address they applied with (docs/decisions/0024-portal-
 * codes.md): until then the customer account stays closed, whatever the browser was given.
 */
export function ConfirmEmail({
  intro = 'We have emailed a 6-digit confirmation code to the address you applied with.',
}: {
  intro?: string;
}) {
  const id = useId();
  const emailId = `${id}-email`;
  const codeId = `${id}-code`;
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<Problems>({ email: null, code: null });
  const [status, setStatus] = useState<'idle' | 'sending' | 'confirmed'>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLHeadingElement>(null);

  // Each time problems are shown the summary takes focus (GOV.UK), once React has drawn it.
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) summary.current?.focus();
  }, [shown]);
  useEffect(() => {
    if (status === 'confirmed') done.current?.focus();
  }, [status]);

  const showProblems = (next: Problems) => {
    setProblems(next);
    setShown((count) => count + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    const trimmedCode = code.trim();
    const next = { email: validateEmail(email), code: codeProblem(trimmedCode) };
    if (next.email !== null || next.code !== null) return showProblems(next);
    setProblems({ email: null, code: null });
    setNotice(null);
    setStatus('sending');
    const result = await confirmEmail(email.trim(), trimmedCode);
    if (result === 'confirmed') {
      setStatus('confirmed');
      return;
    }
    setStatus('idle');
    showProblems({ email: null, code: result === 'refused' ? CODE_REFUSED : CONFIRM_FAILED });
  };

  const onNewCode = async () => {
    const emailProblem = validateEmail(email);
    if (emailProblem !== null) return showProblems({ email: emailProblem, code: null });
    setProblems({ email: null, code: null });
    const sent = await requestNewCode(email.trim());
    setNotice(sent ? NEW_CODE_SENT : CONFIRM_FAILED);
  };

  if (status === 'confirmed') {
    return (
      <section aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`} className="heading-m" tabIndex={-1} ref={done}>
          Your email address is confirmed
        </h2>
        <p className="body">Your customer account is now open.</p>
      </section>
    );
  }

  const listed = [
    problems.email && { target: emailId, message: problems.email },
    problems.code && { target: codeId, message: problems.code },
  ].filter((item): item is { target: string; message: string } => Boolean(item));

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="heading-m">
        Confirm your email address
      </h2>
      <p className="body">
        {intro} Your customer account stays closed until you enter it here. The code works once, for
        15 minutes.
      </p>
      {listed.length > 0 && (
        <div
          ref={summary}
          className="error-summary"
          tabIndex={-1}
          role="alert"
          aria-labelledby={`${id}-problem`}
        >
          <h2 id={`${id}-problem`} className="error-summary__title">
            There is a problem
          </h2>
          <ul className="error-summary__list">
            {listed.map((item) => (
              <li key={item.target}>
                <a
                  href={`#${item.target}`}
                  onClick={(event) => {
                    if (focusInput(item.target)) event.preventDefault();
                  }}
                >
                  {item.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className={problems.email ? 'form-group form-group--error' : 'form-group'}>
          <label className="label" htmlFor={emailId}>
            Email address
          </label>
          <ErrorMessage id={`${emailId}-error`} message={problems.email} />
          <input
            id={emailId}
            name="email"
            type="email"
            className={problems.email ? 'input input--error input--full' : 'input input--full'}
            autoComplete="email"
            spellCheck={false}
            value={email}
            aria-invalid={problems.email !== null}
            aria-describedby={problems.email ? `${emailId}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className={problems.code ? 'form-group form-group--error' : 'form-group'}>
          <label className="label" htmlFor={codeId}>
            Confirmation code
          </label>
          <div id={`${codeId}-hint`} className="hint">
            The 6 digits in the email from us
          </div>
          <ErrorMessage id={`${codeId}-error`} message={problems.code} />
          <input
            id={codeId}
            name="code"
            type="text"
            inputMode="numeric"
            className={problems.code ? 'input input--error input--quarter' : 'input input--quarter'}
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={6}
            value={code}
            aria-invalid={problems.code !== null}
            aria-describedby={problems.code ? `${codeId}-hint ${codeId}-error` : `${codeId}-hint`}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <div className="button-group">
          <button type="submit" className="button" disabled={status === 'sending'}>
            Confirm email address
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void onNewCode()}
          >
            Send me a new code
          </button>
        </div>
        <p className="body" role="status">
          {notice}
        </p>
      </form>
    </section>
  );
}
