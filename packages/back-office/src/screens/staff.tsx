import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session, StaffMember, StaffRole } from '../api';
import { ErrorSummary, PageHeading, TextInput } from '../components';
import type { Problem } from '../components';

const ROLE_NAMES: Record<StaffRole, string> = {
  agent: 'Agent: works applications',
  admin: 'Admin: also manages staff, exports and erasure',
  auditor: 'Auditor: reads applications and the audit log, changes nothing',
};

/** A lock's end as a time of day (locks last 15 minutes to an hour). */
function lockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/**
 * Admins: who has access, new members with their set-up link, re-issued links, disabling, and
 * unlocking an account failed sign-ins locked (docs/back-office.md).
 */
export function StaffScreen({ session }: { session: Session }) {
  const [members, setMembers] = useState<StaffMember[] | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('agent');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [link, setLink] = useState<{ who: string; url: string } | null>(null);
  const [unlocked, setUnlocked] = useState<string | null>(null);

  const load = () => {
    void api<{ members: StaffMember[] }>('GET', '/api/staff/members').then((body) =>
      setMembers(body.members),
    );
  };
  useEffect(load, []);

  async function add(event: FormEvent) {
    event.preventDefault();
    try {
      const body = await api<{ member: StaffMember; setupPath: string }>(
        'POST',
        '/api/staff/members',
        {
          email,
          name,
          role,
        },
      );
      setLink({ who: body.member.email, url: `${window.location.origin}${body.setupPath}` });
      setProblems([]);
      setEmail('');
      setName('');
      load();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body.fields ?? []) : [];
      setProblems(
        fields.length > 0
          ? fields.map((field) => ({
              field: field.path,
              message:
                field.path === 'email' && field.message === 'Enter a valid value'
                  ? 'Enter an e-mail address in the correct format, like name@example.com'
                  : field.path === 'name' && field.message === 'Enter a valid value'
                    ? 'Enter their full name'
                    : field.message,
            }))
          : [{ field: 'email', message: 'Something went wrong. Try again' }],
      );
    }
  }

  async function newLink(member: StaffMember) {
    const body = await api<{ setupPath: string }>(
      'POST',
      `/api/staff/members/${member.id}/setup-link`,
    );
    setLink({ who: member.email, url: `${window.location.origin}${body.setupPath}` });
    load();
  }

  async function unlock(member: StaffMember) {
    await api('POST', `/api/staff/members/${member.id}/unlock`);
    setLink(null);
    setUnlocked(member.email);
    load();
  }

  async function disable(member: StaffMember) {
    await api('POST', `/api/staff/members/${member.id}/disable`);
    load();
  }

  const errorFor = (field: string) =>
    problems.find((problem) => problem.field === field)?.message ?? null;
  return (
    <>
      <ErrorSummary problems={problems} />
      <PageHeading>Staff</PageHeading>
      {unlocked ? (
        <div className="notice" role="status">
          <p className="body">
            {unlocked} is unlocked: their failed sign-ins no longer count, and they can sign in
            again.
          </p>
        </div>
      ) : null}
      {link ? (
        <div className="notice" role="status">
          <p className="body">
            One-time set-up link for {link.who}, valid for 72 hours. Give it to them only:
          </p>
          <p className="uri">{link.url}</p>
        </div>
      ) : null}
      <table className="table table--stack">
        <caption className="visually-hidden">Members of staff</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(members ?? []).map((member) => (
            <tr key={member.id}>
              <td data-label="Name">{member.name}</td>
              <td className="break" data-label="E-mail">
                {member.email}
              </td>
              <td data-label="Role">{member.role}</td>
              <td data-label="Status">
                {member.status}
                {member.lockedUntil ? (
                  <>
                    {' '}
                    <strong className="tag tag--warning">Locked</strong> until{' '}
                    {lockTime(member.lockedUntil)}
                  </>
                ) : null}
              </td>
              <td>
                {member.id === session.staff.id ? null : (
                  <span className="actions">
                    {member.lockedUntil ? (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => void unlock(member)}
                      >
                        Unlock<span className="visually-hidden"> {member.email}</span>
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => void newLink(member)}
                    >
                      New set-up link<span className="visually-hidden"> for {member.email}</span>
                    </button>
                    {member.status !== 'disabled' ? (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => void disable(member)}
                      >
                        Disable<span className="visually-hidden"> {member.email}</span>
                      </button>
                    ) : null}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="heading-m">Add a member of staff</h2>
      <form noValidate onSubmit={(event) => void add(event)}>
        <TextInput
          id="name"
          label="Full name"
          error={errorFor('name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
        />
        <TextInput
          id="email"
          label="E-mail address"
          type="email"
          spellCheck={false}
          autoComplete="off"
          error={errorFor('email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <fieldset className="fieldset form-group">
          <legend className="fieldset__legend">Role</legend>
          <div className="radios">
            {(Object.keys(ROLE_NAMES) as StaffRole[]).map((value) => (
              <div className="radios__item" key={value}>
                <input
                  className="radios__input"
                  type="radio"
                  id={`role-${value}`}
                  name="role"
                  value={value}
                  checked={role === value}
                  onChange={() => setRole(value)}
                />
                <label className="radios__label" htmlFor={`role-${value}`}>
                  {ROLE_NAMES[value]}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="button">
          Add and show their set-up link
        </button>
      </form>
    </>
  );
}
