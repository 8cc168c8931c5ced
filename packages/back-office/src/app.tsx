import { useCallback, useEffect, useRef, useState } from 'react';
import { api, rememberSession, whenSignedOut } from './api';
import type { Session, StaffRole } from './api';
import { Link } from './components';
import { navigate, usePath } from './router';
import { ApplicationScreen } from './screens/application';
import { AuditScreen } from './screens/audit';
import { FunnelScreen } from './screens/funnel';
import { DisclosureTextScreen } from './screens/evidence';
import { Home } from './screens/home';
import { Setup } from './screens/setup';
import { SignIn } from './screens/sign-in';
import { StaffScreen } from './screens/staff';
import { DataRequestsScreen } from './screens/data-requests';
import { AccessDenied } from './screens/access-denied';
import { QueueScreen } from './screens/queue';
import { ComplaintsRegisterScreen } from './screens/complaints';
import { CallbacksScreen } from './screens/callbacks';

const SIGNED_OUT_NOTICE = 'You were signed out. Sign in again to carry on';

/**
 * The pages only some roles may open, as the server's guards allow them: anyone else who opens
 * one by its address is told so (docs/decisions/0080-access-denied-page.md).
 */
const ROLE_PAGES: Record<string, { name: string; roles: readonly StaffRole[] }> = {
  '/staff': { name: 'Staff', roles: ['admin'] },
  '/data-requests': { name: 'Data requests', roles: ['admin'] },
  '/audit': { name: 'Audit log', roles: ['auditor', 'admin'] },
};

export function App() {
  const { path } = usePath();
  // The set-up page needs no session; everything else waits for GET /api/staff/session.
  const [session, setSession] = useState<Session | null | undefined>(() =>
    currentIsSetup() ? null : undefined,
  );
  const [notice, setNotice] = useState<string | null>(null);
  // The notice says a session ended: only one this tab had (not a first visit's 401).
  const hadSession = useRef(false);

  const signedIn = useCallback((next: Session | null) => {
    rememberSession(next);
    if (next !== null) hadSession.current = true;
    setSession(next);
  }, []);

  useEffect(() => {
    whenSignedOut(() => {
      const ended = hadSession.current;
      signedIn(null);
      if (ended) setNotice(SIGNED_OUT_NOTICE);
      navigate('/sign-in');
    });
    if (currentIsSetup()) return;
    api<Session>('GET', '/api/staff/session')
      .then(signedIn)
      .catch(() => signedIn(null));
  }, [signedIn]);

  async function signOut() {
    await api('POST', '/api/staff/sign-out').catch(() => undefined);
    signedIn(null);
    setNotice('You have signed out');
    navigate('/sign-in');
  }

  const restricted = ROLE_PAGES[path];
  let screen;
  if (path === '/setup') screen = <Setup />;
  else if (session === undefined) screen = <p className="body">Loading…</p>;
  else if (session === null) {
    screen = (
      <SignIn
        notice={notice}
        onSignedIn={(next) => {
          setNotice(null);
          signedIn(next);
          navigate('/', { replace: true });
        }}
      />
    );
  } else if (restricted && !restricted.roles.includes(session.staff.role)) {
    screen = <AccessDenied key={path} page={restricted.name} role={session.staff.role} />;
  } else if (path === '/staff') screen = <StaffScreen session={session} />;
  else if (path === '/data-requests') screen = <DataRequestsScreen />;
  else if (path === '/audit') screen = <AuditScreen key={window.location.search} />;
  else if (path === '/queue')
    screen = <QueueScreen key={window.location.search} session={session} />;
  else if (path === '/callbacks')
    screen = <CallbacksScreen key={window.location.search} session={session} />;
  else if (path === '/funnel') screen = <FunnelScreen key={window.location.search} />;
  else if (path === '/complaints') screen = <ComplaintsRegisterScreen />;
  else if (path.startsWith('/applications/')) {
    screen = (
      <ApplicationScreen key={path} id={path.slice('/applications/'.length)} session={session} />
    );
  } else if (/^\/disclosures\/[^/]+\/[^/]+$/.test(path)) {
    const [, , text = '', version = ''] = path.split('/');
    screen = (
      <DisclosureTextScreen
        key={path}
        text={decodeURIComponent(text)}
        version={version}
        from={new URLSearchParams(window.location.search).get('from')}
      />
    );
  } else screen = <Home key={path} session={session} />;

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className="header">
        <div className="header__bar">
          <div className="width-container header__inner">
            <span className="header__name">Back office</span>
            {session ? (
              <nav className="header__nav" aria-label="Back office">
                <ul className="header__links">
                  <li>
                    <Link to="/" className="header__link">
                      Applications
                    </Link>
                  </li>
                  <li>
                    <Link to="/queue" className="header__link">
                      Work queue
                    </Link>
                  </li>
                  <li>
                    <Link to="/callbacks" className="header__link">
                      Callbacks
                    </Link>
                  </li>
                  <li>
                    <Link to="/funnel" className="header__link">
                      Funnel
                    </Link>
                  </li>
                  <li>
                    <Link to="/complaints" className="header__link">
                      Complaints
                    </Link>
                  </li>
                  {ROLE_PAGES['/audit']!.roles.includes(session.staff.role) ? (
                    <li>
                      <Link to="/audit" className="header__link">
                        Audit log
                      </Link>
                    </li>
                  ) : null}
                  {session.staff.role === 'admin' ? (
                    <li>
                      <Link to="/staff" className="header__link">
                        Staff
                      </Link>
                    </li>
                  ) : null}
                  {session.staff.role === 'admin' ? (
                    <li>
                      <Link to="/data-requests" className="header__link">
                        Data requests
                      </Link>
                    </li>
                  ) : null}
                  <li>
                    <button
                      type="button"
                      className="link-button header__link"
                      onClick={() => void signOut()}
                    >
                      Sign out
                    </button>
                  </li>
                </ul>
                <p className="header__who">
                  {session.staff.name} <span className="tag">{session.staff.role}</span>
                </p>
              </nav>
            ) : null}
          </div>
        </div>
      </header>
      <div className="width-container page-body">
        <main id="main" className="main" tabIndex={-1}>
          {screen}
        </main>
      </div>
      <footer className="footer">
        <div className="width-container">
          <p className="small-print">
            For the broker’s staff only. Every view and change is recorded.
          </p>
        </div>
      </footer>
    </>
  );
}

function currentIsSetup(): boolean {
  return window.location.pathname.replace(/\/+$/, '').endsWith('/back-office/setup');
}
