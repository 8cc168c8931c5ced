import { useState } from 'react';
import { loadChunk } from '../../lib/chunk-load';
import { useNavigate } from '../../lib/router';

export interface SendApplication {
  /** Sends the application (the same submission key each time) and goes to where it leads. */
  send: () => Promise<void>;
  /** A 429 is being waited out: how long, in ms; null otherwise. */
  waitingMs: number | null;
}

/**
 * The full submission as a screen uses it: the client is loaded on demand, a rate-limited
 * answer shows "still sending" while it waits, and the outcome (or the failure page, decision
 * record 0016) replaces the screen.
 */
export function useSendApplication(): SendApplication {
  const navigate = useNavigate();
  const [waitingMs, setWaitingMs] = useState<number | null>(null);
  const send = async () => {
    const { goToOutcome, submitApplication } = await loadChunk(() => import('../../api/submit'));
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
