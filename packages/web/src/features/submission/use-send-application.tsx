import { useState } from 'react';
import { loadChunk } from '../../lib/chunk-load';
import { useNavigate } from '../../lib/router';
import { reportError } from '../../api/client-errors';

/** Where an application that could not be sent goes (decision record 0016). */
const NOT_SENT_PATH = '/error';

/**
 * The submission client. The submit step's route fetches it with the screen (app/routes.tsx),
 * so pressing Submit does not depend on the connection still being there.
 */
const loadSubmitClient = () => loadChunk(() => import('../../api/submit'));

export interface SendApplication {
  /** Sends the application (the same submission key each time) and goes to where it leads. */
  send: () => Promise<void>;
  /** A 429 is being waited out: how long, in ms; null otherwise. */
  waitingMs: number | null;
}

/**
 * The full submission as a screen uses it: a rate-limited answer shows "still sending" while it
 * waits, and the outcome (or the not-sent page, decision record 0016) replaces the screen. If
 * the client's code cannot be fetched either (the connection went before it had arrived), the
 * application was not sent: the not-sent page says so and offers Try again
 * (docs/decisions/0073-submit-never-silent.md).
 */
export function useSendApplication(): SendApplication {
  const navigate = useNavigate();
  const [waitingMs, setWaitingMs] = useState<number | null>(null);
  const send = async () => {
    let client: Awaited<ReturnType<typeof loadSubmitClient>>;
    try {
      client = await loadSubmitClient();
    } catch (error) {
      reportError(error, 'chunk', 'submitApplication');
      navigate(NOT_SENT_PATH);
      return;
    }
    const { goToOutcome, submitApplication } = client;
    try {
      const outcome = await submitApplication({ onWaiting: setWaitingMs });
      if (outcome) goToOutcome(outcome, navigate);
    } finally {
      setWaitingMs(null);
    }
  };
  return { send, waitingMs };
}

/**
 * A polite live region, in the page from the start so that screen readers announce its text
 * when a 429 makes the client wait before sending again.
 */
export function SendingStatus({ waitingMs }: { waitingMs: number | null }) {
  const seconds = waitingMs === null ? 0 : Math.max(1, Math.ceil(waitingMs / 1000));
  return (
    <p className="body sending-status" role="status">
      {waitingMs !== null &&
        `Still sending your application. We are busy just now, so it will be sent again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}. Please keep this page open.`}
    </p>
  );
}
