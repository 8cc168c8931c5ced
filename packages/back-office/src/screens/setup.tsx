import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import { ErrorSummary, Link, PageHeading, TextInput } from '../components';
import type { Problem } from '../components';

interface SetupDetails {
  email: string;
  name: string;
  totpSecret: string;
  otpauthUri: string;
}

/** The secret in groups of four, as authenticator apps show it when typed in by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * The one-time set-up link: the token is in the fragment (never sent to a server or logged);
 * the member chooses a password and enrols an authenticator app with the secret shown.
 */
export function Setup() {
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [details, setDetails] = useState<SetupDetails | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The token leaves the address bar: it is not kept in history or shown over a shoulder.
    window.history.replaceState(null, '', window.location.pathname);
    api<SetupDetails>('POST', '/api/staff/setup/start', { token })
      .then(setDetails)
      .catch((error: unknown) =>
        setLinkProblem(
          error instanceof ApiError ? error.message : 'Something went wrong. Try the link again',
        ),
      );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await api('POST', '/api/staff/setup/complete', { token, password, code });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) {
        setProblems(
          error.body.fields.map((field) => ({ field: field.path, message: field.message })),
        );
      } else {
        setProblems([
          {
            field: 'password',
            message: error instanceof Error ? error.message : 'Something went wrong',
          },
        ]);
      }
    } finally {
      setBusy(false);
    }
  }

  if (linkProblem) {
    return (
      <>
        <PageHeading>This set-up link cannot be used</PageHeading>
        <p className="body">{linkProblem}</p>
      </>
    );
  }
  if (done) {
    return (
      <>
        <PageHeading>Your account is ready</PageHeading>
        <p className="body">
          Sign in with your e-mail address, your password and a code from your authenticator app.
        </p>
        <p className="body">
          <Link to="/sign-in" className="link">
            Sign in
          </Link>
        </p>
      </>
    );
  }
  if (!details) {
    return (
      <p className="body" role="status">
        Checking your set-up link…
      </p>
    );
  }

  const errorFor = (field: string) =>
    problems.find((problem) => problem.field === field)?.message ?? null;
  return (
    <>
      <ErrorSummary problems={problems} />
      <PageHeading>Set up your account</PageHeading>
      <p className="body">
        {details.name}, you sign in as <strong>{details.email}</strong>.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextInput
          id="password"
          label="Choose a password"
          hint="At least 12 characters, without your name or e-mail address. A few unrelated words make a strong password that is easy to type"
          type="password"
          autoComplete="new-password"
          error={errorFor('password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <h2 className="heading-m">Add the back office to your authenticator app</h2>
        <p className="body">
          In your authenticator app, add an account and type in this key (or open the set-up link
          below on the phone that has the app):
        </p>
        <p
          className="secret"
          id="totp-secret"
          aria-label={`Key: ${details.totpSecret.split('').join(' ')}`}
        >
          {grouped(details.totpSecret)}
        </p>
        <p className="body">
          <a className="link" href={details.otpauthUri}>
            Open in an authenticator app on this device
          </a>
        </p>
        <details className="details">
          <summary className="details__summary">Show the set-up address (otpauth URI)</summary>
          <p className="details__text uri" id="otpauth-uri">
            {details.otpauthUri}
          </p>
        </details>
        <TextInput
          id="code"
          label="Code from your authenticator app"
          hint="The app shows a new 6-digit code every 30 seconds"
          error={errorFor('code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="input--code"
          spellCheck={false}
        />
        <button type="submit" className="button" disabled={busy}>
          Finish setting up
        </button>
      </form>
    </>
  );
}
