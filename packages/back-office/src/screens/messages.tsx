import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { ErrorSummary } from '../components';
import type { Problem } from '../components';
import { formatWhen } from '../format';

interface Template {
  id: string;
  name: string;
  marketing: boolean;
  slot: { label: string; hint: string; required: boolean; max: number };
  /** Why it cannot be sent to this applicant, or null. */
  refusal: string | null;
}

interface SentMessage {
  id: number;
  name: string;
  subject: string;
  to: string;
  by: string;
  at: string;
  status: 'sending' | 'sent' | 'failed';
}

interface Preview {
  subject: string;
  text: string;
  to: string;
}

const STATUS_TEXT: Record<SentMessage['status'], string> = {
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
};

/**
 * Templated e-mails to the applicant (docs/back-office.md, "Messages"): choose a template, fill
 * in its one box, preview, send. Everyone who reads the case sees what was sent.
 */
export function MessagesPanel({
  id,
  session,
  onSent,
}: {
  id: number;
  session: Session;
  onSent: () => void;
}) {
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [messages, setMessages] = useState<SentMessage[]>([]);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState('');
  const [slot, setSlot] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const canSend = session.staff.role !== 'auditor';

  useEffect(() => {
    api<{ templates: Template[]; messages: SentMessage[] }>(
      'GET',
      `/api/staff/applications/${id}/messages`,
    )
      .then((answer) => {
        setTemplates(answer.templates);
        setMessages(answer.messages);
      })
      .catch(() => setFailed(true));
  }, [id]);

  const template = templates?.find((each) => each.id === chosen) ?? null;

  function problemsOf(error: unknown): Problem[] {
    if (error instanceof ApiError) {
      if (error.body.fields) {
        return error.body.fields.map((field) => ({
          field: field.path === 'slot' ? 'message-slot' : 'message-template-0',
          message: field.message,
        }));
      }
      if (error.body.message) return [{ field: 'message-template-0', message: error.body.message }];
    }
    return [
      { field: 'message-template-0', message: 'That did not work. Reload the page and try again' },
    ];
  }

  async function showPreview(event: FormEvent) {
    event.preventDefault();
    setSaid(null);
    if (!template) {
      setProblems([{ field: 'message-template-0', message: 'Choose a message to send' }]);
      return;
    }
    try {
      const shown = await api<Preview>('POST', `/api/staff/applications/${id}/messages/preview`, {
        template: chosen,
        slot,
      });
      setPreview(shown);
      setProblems([]);
    } catch (error) {
      setPreview(null);
      setProblems(problemsOf(error));
    }
  }

  async function send() {
    try {
      const answer = await api<{ messages: SentMessage[] }>(
        'POST',
        `/api/staff/applications/${id}/messages`,
        { template: chosen, slot },
      );
      setMessages(answer.messages);
      setProblems([]);
      setSaid(`Message sent: ${template?.name ?? ''}`);
      setPreview(null);
      setChosen('');
      setSlot('');
      onSent();
    } catch (error) {
      setProblems(problemsOf(error));
      // A message the mail server refused is listed as not sent: show the list as it now is.
      api<{ messages: SentMessage[] }>('GET', `/api/staff/applications/${id}/messages`)
        .then((answer) => setMessages(answer.messages))
        .catch(() => undefined);
    }
  }

  const slotError = problems.find((problem) => problem.field === 'message-slot')?.message;
  const templateError = problems.find((problem) => problem.field === 'message-template-0')?.message;
  return (
    <section aria-labelledby="messages-heading" className="check-answers__section">
      <h2 className="heading-m" id="messages-heading">
        Messages to the applicant
      </h2>
      <p className="visually-hidden" role="status">
        {said ?? ''}
      </p>
      {said ? <p className="notice">{said}</p> : null}
      {failed ? <p className="body">The messages could not be loaded. Reload the page.</p> : null}
      {canSend && templates ? (
        <>
          <ErrorSummary problems={problems} />
          <form noValidate onSubmit={(event) => void showPreview(event)}>
            <div className={templateError ? 'form-group form-group--error' : 'form-group'}>
              <fieldset
                className="fieldset"
                aria-describedby={templateError ? 'message-template-error' : undefined}
              >
                <legend className="fieldset__legend">Choose a message</legend>
                {templateError ? (
                  <p id="message-template-error" className="error-message">
                    <span className="visually-hidden">Error:</span> {templateError}
                  </p>
                ) : null}
                <div className="radios">
                  {templates.map((each, index) => (
                    <div className="radios__item" key={each.id}>
                      <input
                        className="radios__input"
                        type="radio"
                        name="message-template"
                        id={`message-template-${index}`}
                        value={each.id}
                        checked={chosen === each.id}
                        aria-describedby={
                          each.refusal ? `message-template-${index}-hint` : undefined
                        }
                        onChange={() => {
                          setChosen(each.id);
                          setPreview(null);
                        }}
                      />
                      <label className="label radios__label" htmlFor={`message-template-${index}`}>
                        {each.name}
                      </label>
                      {each.refusal ? (
                        <div id={`message-template-${index}-hint`} className="hint radios__hint">
                          {each.refusal}.
                        </div>
                      ) : null}
                    </div>
                  ))}
                </div>
              </fieldset>
            </div>
            {template ? (
              <div className={slotError ? 'form-group form-group--error' : 'form-group'}>
                <label className="label" htmlFor="message-slot">
                  {template.slot.label}
                </label>
                <div id="message-slot-hint" className="hint">
                  {template.slot.hint}
                </div>
                {slotError ? (
                  <p id="message-slot-error" className="error-message">
                    <span className="visually-hidden">Error:</span> {slotError}
                  </p>
                ) : null}
                <textarea
                  id="message-slot"
                  className="textarea"
                  rows={4}
                  value={slot}
                  aria-describedby={
                    slotError ? 'message-slot-hint message-slot-error' : 'message-slot-hint'
                  }
                  onChange={(event) => {
                    setSlot(event.target.value);
                    setPreview(null);
                  }}
                />
              </div>
            ) : null}
            <button type="submit" className="button button--secondary">
              Preview the message
            </button>
          </form>
          {preview ? (
            <section aria-labelledby="message-preview-heading" className="message-preview">
              <h3 className="heading-s" id="message-preview-heading">
                Preview: {preview.subject}
              </h3>
              <p className="hint">To {preview.to}. Check it, then send it.</p>
              <pre className="message-preview__text">{preview.text}</pre>
              <button type="button" className="button" onClick={() => void send()}>
                Send the message
              </button>
            </section>
          ) : null}
        </>
      ) : null}
      <h3 className="heading-s">Sent from this case</h3>
      {messages.length === 0 ? (
        <p className="body">No messages yet.</p>
      ) : (
        <table className="table table--stack">
          <caption className="visually-hidden">
            Messages sent to the applicant, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">To</th>
              <th scope="col">By</th>
              <th scope="col">When</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <td data-label="Message">{message.name}</td>
                <td data-label="To" className="break">
                  {message.to}
                </td>
                <td data-label="By" className="break">
                  {message.by}
                </td>
                <td data-label="When">{formatWhen(message.at)}</td>
                <td data-label="Status">
                  <span
                    className={
                      message.status === 'sent'
                        ? 'tag tag--success'
                        : message.status === 'failed'
                          ? 'tag tag--error'
                          : 'tag tag--grey'
                    }
                  >
                    {STATUS_TEXT[message.status]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
