import { useId, useState } from 'react';
import { apiUrl } from '../../api/api-base';
import { isRecord, requestJson } from '../../api/http';
import { sentApplicationKey } from '../../state/sent-application';

const NOT_SENT = 'We could not send a copy just now. Please try again in a few minutes.';
const TOO_MANY =
  'You have asked for a copy several times already. If it has not arrived, contact us.';

/**
 * "Email me a copy" on the outcome page (docs/mail.md, decision 0091): the applicant's durable
 * record of what they sent, to the address they gave. Shown only in the tab that sent it.
 */
export function EmailCopy() {
  const headingId = useId();
  const [key] = useState(sentApplicationKey);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [message, setMessage] = useState('');
  if (key === null) return null;

  async function send() {
    setState('sending');
    setMessage('');
    try {
      const response = await requestJson('POST', await apiUrl(`/api/copy/${key}`), {});
      if (response.status === 202 && isRecord(response.data)) {
        setState('sent');
        setMessage(
          `We have sent a copy to ${String(response.data.sentTo)}. It may take a few minutes to arrive.`,
        );
        return;
      }
      setState('failed');
      setMessage(response.status === 429 ? TOO_MANY : NOT_SENT);
    } catch {
      setState('failed');
      setMessage(NOT_SENT);
    }
  }

  return (
    <section className="email-copy" aria-labelledby={headingId}>
      <h2 id={headingId} className="heading-m">
        Keep a copy
      </h2>
      <p className="body">
        We can email you a copy of your answers, your reference and what happens next, to the email
        address you gave us.
      </p>
      {state !== 'sent' && (
        <button
          type="button"
          className="button button--secondary"
          disabled={state === 'sending'}
          onClick={() => void send()}
        >
          Email me a copy
        </button>
      )}
      <p className="body" role="status">
        {message}
      </p>
    </section>
  );
}
