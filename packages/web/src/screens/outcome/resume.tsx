import { useEffect, useRef, useState } from 'react';
import { PageHeading } from '../../chrome/page-heading';
import { currentBrand } from '../../lib/brand';
import { useNavigate } from '../../lib/router';
import { clearSession, useApplicationStore } from '../../state/application-store';
import { resumeDraft, type ResumeResult } from '../../features/save/draft';
import { ContactUs } from './contact-us';

const WHY: Record<Exclude<ResumeResult['kind'], 'opened'>, string> = {
  used: 'This link has been used already. Each link opens your saved application once.',
  expired: 'This link has expired. A saved application is kept for 30 days.',
  broken:
    'This link does not work. It may have been copied only in part, or replaced by a newer one.',
  failed: 'We could not open your saved application just now. Please try the link again later.',
};

/**
 * /resume#<token>.<key>: the e-mailed link of a saved application
 * (docs/decisions/0086-save-and-return-links.md). The fragment never reaches the server; the
 * token is sent in a request body and spent, the key opens the answers here. Then the
 * application continues at the screen it was saved on, under the same submission key.
 */
export default function ResumePage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Exclude<ResumeResult['kind'], 'opened'> | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = window.location.hash;
    // Off the address bar and history at once: the link works once, and is a secret.
    window.history.replaceState(window.history.state, '', '/resume');
    void resumeDraft(fragment).then((result) => {
      if (result.kind !== 'opened') {
        setFailure(result.kind);
        return;
      }
      useApplicationStore.getState().replace(result.application);
      navigate(result.path, { replace: true });
    });
  }, [navigate]);

  if (failure === null) {
    return (
      <>
        <title>{`Opening your application – ${currentBrand().name}`}</title>
        <PageHeading>Opening your saved application</PageHeading>
        <p className="body" role="status">
          Please wait a moment.
        </p>
      </>
    );
  }
  const startAgain = () => {
    clearSession();
    window.location.assign('/');
  };
  return (
    <>
      <title>{`This link no longer works – ${currentBrand().name}`}</title>
      <PageHeading>This link no longer works</PageHeading>
      <p className="body">{WHY[failure]}</p>
      <p className="body">
        If you have saved again since, use the link in our latest email. Otherwise you can start a
        new application.
      </p>
      <div className="button-group">
        <button type="button" className="button" onClick={startAgain}>
          Start again
        </button>
      </div>
      <ContactUs />
    </>
  );
}
