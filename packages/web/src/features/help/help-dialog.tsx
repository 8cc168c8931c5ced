import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  CALL_TIMES,
  callbackRequestProblems,
  HARDER_KINDS,
  HELP_MESSAGES,
  HELP_TEXT_MAX_LENGTH,
  HELP_TOPICS,
  labelOf,
} from '@broker/domain';
import type { HelpFieldError } from '@broker/domain';
import { Modal } from '../../chrome/modal';
import { apiUrl } from '../../api/api-base';
import { isRecord, requestJson } from '../../api/http';
import { currentBrand } from '../../lib/brand';
import { getApplication } from '../../state/application-store';
import './help-dialog.css';

/** The session's submission key, as the disclosure recorder reads it (evidence/recorder.ts). */
function sessionKey(): string | null {
  const state = getApplication();
  return (state.form.sessionId || state.GUID)?.slice(0, 100) ?? null;
}

const NOT_SENT = 'Your request could not be sent. Check your connection and try again.';

interface Answer {
  serviceLevelHours: number;
  emailed: boolean;
  phone: string;
  callTime: string;
}

/** The field each problem's link goes to (the first radio or checkbox of a group). */
const FIELD_IDS: Record<HelpFieldError['path'], string> = {
  phone: 'help-phone',
  callTime: 'help-call-time',
  about: 'help-about',
  harderNote: 'help-harder-note',
  email: 'help-email',
};

/**
 * The "Need help?" form and its confirmation, in one dialog (docs/help.md, decision 0089). The
 * checks are the domain's, the same the server makes; the server's own answer wins.
 */
export default function HelpDialog({ onClose }: { onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const [callTime, setCallTime] = useState<string | null>(null);
  const [topic, setTopic] = useState<string | null>(null);
  const [about, setAbout] = useState('');
  const [harder, setHarder] = useState(false);
  const [harderKinds, setHarderKinds] = useState<string[]>([]);
  const [harderNote, setHarderNote] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<HelpFieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (problems.length > 0 || failure !== null) summary.current?.focus();
  }, [problems, failure]);
  useEffect(() => {
    if (answer) done.current?.focus();
  }, [answer]);

  const errorOf = (path: HelpFieldError['path']) =>
    problems.find((problem) => problem.path === path)?.message ?? null;

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const input = { phone, callTime, topic, about, harder, harderKinds, harderNote, email };
    const found = callbackRequestProblems(input);
    setProblems(found);
    setFailure(null);
    if (found.length > 0) return;
    setSending(true);
    try {
      const response = await requestJson('POST', await apiUrl('/api/help/callback'), {
        ...input,
        harderKinds: harder ? harderKinds : [],
        harderNote: harder ? harderNote : '',
        submissionKey: sessionKey(),
        page: window.location.pathname.replace(/[^A-Za-z0-9/_-]/g, '').slice(0, 200) || '/',
        brand: currentBrand().affiliateKey,
      });
      const data = response.data;
      if (response.status === 201 && isRecord(data)) {
        setAnswer({
          serviceLevelHours: Number(data.serviceLevelHours),
          emailed: data.emailed === true,
          phone,
          callTime: callTime!,
        });
      } else if (response.status === 400 && isRecord(data) && Array.isArray(data.fields)) {
        setProblems(data.fields as HelpFieldError[]);
      } else {
        setFailure(response.status === 429 ? HELP_MESSAGES.rateLimited : NOT_SENT);
      }
    } catch {
      setFailure(NOT_SENT);
    } finally {
      setSending(false);
    }
  }

  if (answer) {
    const hours = answer.serviceLevelHours;
    return (
      <Modal
        open
        onClose={onClose}
        title="We will call you"
        labelledBy="help-done-title"
        closeLabel="Back to the form"
      >
        <h2 id="help-done-title" className="heading-m modal__title" tabIndex={-1} ref={done}>
          We will call you
        </h2>
        <div className="panel panel--help" role="status">
          <p className="body">
            We will call you on <strong>{answer.phone}</strong>,{' '}
            {labelOf(CALL_TIMES, answer.callTime)?.toLowerCase() ?? 'at any time'}.
          </p>
        </div>
        <h3 className="heading-s">What happens next</h3>
        <ul className="body help__list">
          <li>
            Someone from our team will call you within {hours} {hours === 1 ? 'hour' : 'hours'}, at
            the time you chose where we can. If we miss you, we will try again.
          </li>
          <li>Your answers so far stay on this device. You can carry on while you wait.</li>
          {answer.emailed && <li>We have sent a confirmation to {email.trim()}.</li>}
          <li>We will never ask for a password or a code on the phone.</li>
        </ul>
      </Modal>
    );
  }

  const errorLinks = problems.map((problem) => ({
    id: FIELD_IDS[problem.path],
    message: problem.message,
  }));
  return (
    <Modal
      open
      onClose={onClose}
      title="Ask us to call you"
      labelledBy="help-title"
      actions={
        <>
          <button type="submit" form="help-form" className="button" disabled={sending}>
            Ask us to call
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <h2 id="help-title" className="heading-m modal__title">
        Ask us to call you
      </h2>
      <p className="body">
        If something is not clear, or you would rather talk it through, we can call you. It is free
        and it does not change your application.
      </p>
      {(errorLinks.length > 0 || failure !== null) && (
        <div
          ref={summary}
          className="error-summary"
          tabIndex={-1}
          role="alert"
          aria-labelledby="help-errors-title"
        >
          <h3 id="help-errors-title" className="error-summary__title">
            There is a problem
          </h3>
          <ul className="error-summary__list">
            {failure !== null && <li>{failure}</li>}
            {errorLinks.map((link) => (
              <li key={link.id}>
                <a href={`#${link.id}`}>{link.message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form id="help-form" noValidate onSubmit={(event) => void send(event)}>
        <TextField
          id="help-phone"
          label="Your phone number"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={setPhone}
          error={errorOf('phone')}
          className="input input--width-20"
        />
        <Choices
          id="help-call-time"
          type="radio"
          legend="When is a good time to call?"
          options={CALL_TIMES}
          chosen={callTime === null ? [] : [callTime]}
          onChange={(value) => setCallTime(value)}
          error={errorOf('callTime')}
        />
        <Choices
          id="help-topic"
          type="radio"
          legend="What is it about? (optional)"
          options={HELP_TOPICS}
          chosen={topic === null ? [] : [topic]}
          onChange={(value) => setTopic(value)}
          error={null}
        />
        <TextArea
          id="help-about"
          label="Tell us more (optional)"
          value={about}
          onChange={setAbout}
          error={errorOf('about')}
        />
        <div className="form-group">
          <div className="checkboxes__item">
            <input
              id="help-harder"
              type="checkbox"
              className="checkboxes__input"
              checked={harder}
              aria-describedby="help-harder-hint"
              aria-controls="help-harder-more"
              aria-expanded={harder}
              onChange={(event) => setHarder(event.target.checked)}
            />
            <label className="checkboxes__label" htmlFor="help-harder">
              Something makes this harder for me
            </label>
            <div id="help-harder-hint" className="hint checkboxes__hint">
              You do not have to tell us. If you do, we can make things easier for you, such as more
              time, a call instead of forms, or someone to help. It will not count against you.
            </div>
          </div>
          <div id="help-harder-more" className="help__conditional" hidden={!harder}>
            <Choices
              id="help-harder-kind"
              type="checkbox"
              legend="What is it about? Tick any that apply (optional)"
              options={HARDER_KINDS}
              chosen={harderKinds}
              onChange={(value) =>
                setHarderKinds((kinds) =>
                  kinds.includes(value)
                    ? kinds.filter((kind) => kind !== value)
                    : [...kinds, value],
                )
              }
              error={null}
            />
            <TextArea
              id="help-harder-note"
              label="Anything that would help us (optional)"
              value={harderNote}
              onChange={setHarderNote}
              error={errorOf('harderNote')}
            />
          </div>
        </div>
        <TextField
          id="help-email"
          label="Your email address (optional)"
          hint="We will email you to confirm. Leave it empty if you would rather not."
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={email}
          onChange={setEmail}
          error={errorOf('email')}
          className="input"
        />
      </form>
    </Modal>
  );
}

function ErrorText({ id, message }: { id: string; message: string | null }) {
  if (message === null) return null;
  return (
    <p id={`${id}-error`} className="error-message">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  type: string;
  autoComplete: string;
  spellCheck?: boolean;
  className: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={`${id}-hint`} className="hint">
          {hint}
        </div>
      )}
      <ErrorText id={id} message={error} />
      <input
        id={id}
        name={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...input}
        className={error ? `${input.className} input--error` : input.className}
      />
    </div>
  );
}

function TextArea({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div id={`${id}-hint`} className="hint">
        Up to {HELP_TEXT_MAX_LENGTH} characters.
      </div>
      <ErrorText id={id} message={error} />
      <textarea
        id={id}
        name={id}
        rows={3}
        className={error ? 'input input--error help__textarea' : 'input help__textarea'}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function Choices({
  id,
  type,
  legend,
  options,
  chosen,
  onChange,
  error,
}: {
  id: string;
  type: 'radio' | 'checkbox';
  legend: string;
  options: readonly { value: string; label: string }[];
  chosen: readonly string[];
  onChange: (value: string) => void;
  error: string | null;
}) {
  const kind = type === 'radio' ? 'radios' : 'checkboxes';
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      <fieldset className="fieldset" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="fieldset__legend help__legend">{legend}</legend>
        <ErrorText id={id} message={error} />
        <div className={kind}>
          {options.map((option, index) => {
            const optionId = index === 0 ? id : `${id}-${index + 1}`;
            return (
              <div className={`${kind}__item`} key={option.value}>
                <input
                  id={optionId}
                  name={id}
                  type={type}
                  className={`${kind}__input`}
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  onChange={() => onChange(option.value)}
                />
                <label className={`${kind}__label`} htmlFor={optionId}>
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
