import SaveLater from '../save/save-later';
import { SessionDialog } from './session-dialog';
import { EXPIRED_MESSAGE, EXPIRED_TITLE, timeLeftText, WARNING_TITLE } from './timings';

/** docs/design.md D13 (WCAG 2.2.1): one action gives the applicant more time. */
export function TimeoutWarning({
  timeLeftMs,
  onContinue,
}: {
  timeLeftMs: number;
  onContinue: () => void;
}) {
  return (
    <SessionDialog
      title={WARNING_TITLE}
      actionLabel="Continue application"
      onClosed={onContinue}
      // Before anything is cleared, a way to keep the answers (decision 0086).
      extra={<SaveLater />}
    >
      <p aria-live="polite" aria-atomic="true">
        For your security, your session will expire in {timeLeftText(timeLeftMs)}.
      </p>
      <p>Your answers will then be cleared. If you need more time, continue your application.</p>
    </SessionDialog>
  );
}

/** docs/product.md §4: the 'Session Timeout' modal; OK (or Esc) starts again at '/'. */
export function SessionExpired({ onOk }: { onOk: () => void }) {
  return (
    <SessionDialog title={EXPIRED_TITLE} actionLabel="OK" onClosed={onOk}>
      <p>{EXPIRED_MESSAGE}</p>
    </SessionDialog>
  );
}
