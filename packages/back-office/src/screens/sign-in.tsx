import { useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { ErrorSummary, PageHeading, TextInput } from '../components';
import type { Problem } from '../components';

const MESSAGES = {
  email: 'Enter your e-mail address',
  password: 'Enter your password',
  code: 'Enter the 6-digit code from your authenticator app',
};

/** Password, then the code from the authenticator app (docs/back-office.md). */
export function SignIn({
  notice,
  onSignedIn,
}: {
  notice: string | null;
  onSignedIn: (session: Session) => void;
}) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown, field: string) => {
    const message = error instanceof ApiError ? error.message : 'Something went wrong. Try again';
    setProblems([{ field, message }]);
  };

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    const missing: Problem[] = [];
    if (email.trim() === '') missing.push({ field: 'email', message: MESSAGES.email });
    if (password === '') missing.push({ field: 'password', message: MESSAGES.password });
    setProblems(missing);
    if (missing.length > 0) return;
    setBusy(true);
    try {
      await api('POST', '/api/staff/sign-in', { email, password });
      setPassword('');
      setStep('code');
    } catch (error) {
      fail(error, 'email');
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\s*\d{6}\s*$/.test(code)) {
      setProblems([{ field: 'code', message: MESSAGES.code }]);
      return;
    }
    setProblems([]);
    setBusy(true);
    try {
      onSignedIn(await api<Session>('POST', '/api/staff/sign-in/code', { code }));
    } catch (error) {
      if (error instanceof ApiError && error.body.error !== 'invalid_code') {
        // Too slow, or locked: the password step starts again, with the reason.
        setStep('password');
        fail(error, 'email');
      } else fail(error, 'code');
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  const errorFor = (field: string) =>
    problems.find((problem) => problem.field === field)?.message ?? null;

  if (step === 'code') {
    return (
      <div key="code">
        <ErrorSummary problems={problems} />
        <PageHeading>Enter your authenticator code</PageHeading>
        <form noValidate onSubmit={(event) => void submitCode(event)}>
          <TextInput
            id="code"
            label="Code from your authenticator app"
            hint="The 6-digit code changes every 30 seconds"
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
            Sign in
          </button>
        </form>
      </div>
    );
  }

  return (
    <div key="password">
      <ErrorSummary problems={problems} />
      <PageHeading>Sign in to the back office</PageHeading>
      {notice ? (
        <div className="notice" role="status">
          {notice}
        </div>
      ) : null}
      <form noValidate onSubmit={(event) => void submitPassword(event)}>
        <TextInput
          id="email"
          label="E-mail address"
          type="email"
          autoComplete="username"
          spellCheck={false}
          error={errorFor('email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextInput
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errorFor('password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Continue
        </button>
      </form>
    </div>
  );
}
