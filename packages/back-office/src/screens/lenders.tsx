import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { ErrorSummary, SelectInput, TextInput } from '../components';
import type { Problem } from '../components';
import { formatWhen } from '../format';
import { formatDay } from './next-action';

interface Submission {
  id: number;
  lenderId: string;
  lender: string;
  lenderReference: string | null;
  decision: 'pending' | 'approved' | 'declined' | 'withdrawn';
  nextDecisions: Submission['decision'][];
  paidOutOn: string | null;
  commissionPence: number;
  commissionDisclosureVersion: number | null;
  resubmissionOf: number | null;
  submittedAt: string;
  submittedBy: string;
}

interface LenderRecord {
  matches: { id: string; name: string }[];
  submissions: Submission[];
  commissionDisclosureVersion: number | null;
}

const DECISION_NAMES: Record<Submission['decision'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const FIELD_IDS: Record<string, string> = {
  lenderId: 'lender',
  lenderReference: 'lender-reference',
  commission: 'commission',
  decision: 'decision',
  paidOutOn: 'paid-out-on',
};

/** Server field problems as the form's, each pointing at its input. */
function problemsOf(error: unknown, prefix: string): Problem[] {
  if (error instanceof ApiError) {
    if (error.body.fields && error.body.fields.length > 0) {
      return error.body.fields.map((field) => ({
        field: `${prefix}${FIELD_IDS[field.path] ?? field.path}`,
        message: field.message,
      }));
    }
    if (error.body.message) return [{ field: `${prefix}lender`, message: error.body.message }];
  }
  return [
    { field: `${prefix}lender`, message: 'That could not be saved. Reload the page and try again' },
  ];
}

/**
 * Where the case was sent (docs/decisions/0085-lender-submissions.md): each submission with the
 * lender's reference, decision, payout and commission; sending to a lender the panel matched,
 * and resubmitting to another after a decline or withdrawal. Auditors read it.
 */
export function LenderPanel({ id, session }: { id: number; session: Session }) {
  const [record, setRecord] = useState<LenderRecord | null>(null);
  const [failed, setFailed] = useState(false);
  const canRecord = session.staff.role !== 'auditor';

  useEffect(() => {
    api<LenderRecord>('GET', `/api/staff/applications/${id}/lender-submissions`)
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id]);

  return (
    <section aria-labelledby="lenders-heading" className="check-answers__section">
      <h2 className="heading-m" id="lenders-heading">
        Lenders
      </h2>
      {failed ? <p className="body">The lender record could not be loaded.</p> : null}
      {record === null && !failed ? <p className="body">Loading the lender record…</p> : null}
      {record ? (
        <LenderRecordView id={id} record={record} canRecord={canRecord} onChange={setRecord} />
      ) : null}
    </section>
  );
}

function LenderRecordView({
  id,
  record,
  canRecord,
  onChange,
}: {
  id: number;
  record: LenderRecord;
  canRecord: boolean;
  onChange: (record: LenderRecord) => void;
}) {
  const open = record.submissions.find((submission) => submission.nextDecisions.length > 0);
  const sentTo = new Set(record.submissions.map((submission) => submission.lenderId));
  const remaining = record.matches.filter((match) => !sentTo.has(match.id));
  return (
    <>
      <p className="body">
        {record.commissionDisclosureVersion === null
          ? 'We have no record of serving this applicant the commission disclosure.'
          : `Commission disclosure served to the applicant: version ${record.commissionDisclosureVersion}.`}
      </p>
      {record.submissions.length === 0 ? (
        <p className="body">Not sent to a lender yet.</p>
      ) : (
        <table className="table table--stack">
          <caption className="visually-hidden">Submissions to lenders, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Lender</th>
              <th scope="col">Reference</th>
              <th scope="col">Decision</th>
              <th scope="col">Paid out</th>
              <th scope="col">Commission</th>
              <th scope="col">Disclosure</th>
              <th scope="col">Sent</th>
            </tr>
          </thead>
          <tbody>
            {record.submissions.map((submission) => (
              <tr key={submission.id}>
                <td data-label="Lender">
                  {submission.lender}
                  {submission.resubmissionOf !== null ? ' (resubmitted)' : ''}
                </td>
                <td data-label="Reference">{submission.lenderReference ?? 'None yet'}</td>
                <td data-label="Decision">{DECISION_NAMES[submission.decision]}</td>
                <td data-label="Paid out">
                  {submission.paidOutOn ? formatDay(submission.paidOutOn) : 'Not paid out'}
                </td>
                <td data-label="Commission">{pounds(submission.commissionPence)}</td>
                <td data-label="Disclosure">
                  {submission.commissionDisclosureVersion === null
                    ? 'Not recorded'
                    : `Version ${submission.commissionDisclosureVersion}`}
                </td>
                <td data-label="Sent">
                  {formatWhen(submission.submittedAt)}
                  <br />
                  by {submission.submittedBy}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canRecord && open ? (
        <UpdateForm key={open.id} id={id} submission={open} onChange={onChange} />
      ) : null}
      {canRecord && !open ? (
        record.matches.length === 0 ? (
          <p className="body">The panel matched no lender for this application.</p>
        ) : remaining.length === 0 ? (
          <p className="body">This case has been sent to every lender the panel matched.</p>
        ) : (
          <SendForm
            id={id}
            lenders={remaining}
            resubmit={record.submissions.length > 0}
            onChange={onChange}
          />
        )
      ) : null}
    </>
  );
}

function SendForm({
  id,
  lenders,
  resubmit,
  onChange,
}: {
  id: number;
  lenders: { id: string; name: string }[];
  resubmit: boolean;
  onChange: (record: LenderRecord) => void;
}) {
  const [lenderId, setLenderId] = useState(lenders[0]?.id ?? '');
  const [reference, setReference] = useState('');
  const [commission, setCommission] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [said, setSaid] = useState('');
  const error = (field: string) => problems.find((problem) => problem.field === field)?.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const record = await api<LenderRecord>(
        'POST',
        `/api/staff/applications/${id}/lender-submissions`,
        { lenderId, lenderReference: reference, commission },
      );
      setProblems([]);
      setSaid(`Sent to ${lenders.find((lender) => lender.id === lenderId)?.name ?? 'the lender'}`);
      onChange(record);
    } catch (caught) {
      setProblems(problemsOf(caught, ''));
    }
  }

  const heading = resubmit ? 'Resubmit to another lender' : 'Send to a lender';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="send-heading">
      <h3 className="heading-s" id="send-heading">
        {heading}
      </h3>
      <ErrorSummary problems={problems} />
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <SelectInput
        id="lender"
        label="Lender"
        hint="The lenders the panel matched for this application"
        error={error('lender')}
        value={lenderId}
        options={lenders.map((lender) => ({ value: lender.id, label: lender.name }))}
        onChange={(event) => setLenderId(event.target.value)}
      />
      <TextInput
        id="lender-reference"
        label="Lender’s reference (optional)"
        className="input--width-20"
        value={reference}
        error={error('lender-reference')}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setReference(event.target.value)}
      />
      <TextInput
        id="commission"
        label="Commission, in pounds"
        hint="What the lender pays the broker for this case, for example 450.00"
        value={commission}
        inputMode="decimal"
        className="input--width-10"
        error={error('commission')}
        autoComplete="off"
        onChange={(event) => setCommission(event.target.value)}
      />
      <button type="submit" className="button">
        {resubmit ? 'Resubmit' : 'Record submission'}
      </button>
    </form>
  );
}

function UpdateForm({
  id,
  submission,
  onChange,
}: {
  id: number;
  submission: Submission;
  onChange: (record: LenderRecord) => void;
}) {
  const [decision, setDecision] = useState<string>(submission.decision);
  const [reference, setReference] = useState(submission.lenderReference ?? '');
  const [paidOutOn, setPaidOutOn] = useState(submission.paidOutOn ?? '');
  const [commission, setCommission] = useState((submission.commissionPence / 100).toFixed(2));
  const [problems, setProblems] = useState<Problem[]>([]);
  const [said, setSaid] = useState('');
  const error = (field: string) => problems.find((problem) => problem.field === field)?.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const record = await api<LenderRecord>(
        'POST',
        `/api/staff/applications/${id}/lender-submissions/${submission.id}`,
        { lenderReference: reference, decision, paidOutOn, commission },
      );
      setProblems([]);
      setSaid(`${submission.lender}: saved`);
      onChange(record);
    } catch (caught) {
      setProblems(problemsOf(caught, 'update-'));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="update-heading">
      <h3 className="heading-s" id="update-heading">
        {submission.lender}: the lender’s decision
      </h3>
      <ErrorSummary problems={problems} />
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <SelectInput
        id="update-decision"
        label="Decision"
        error={error('update-decision')}
        value={decision}
        options={submission.nextDecisions.map((next) => ({
          value: next,
          label: DECISION_NAMES[next],
        }))}
        onChange={(event) => setDecision(event.target.value)}
      />
      <TextInput
        id="update-lender-reference"
        label="Lender’s reference"
        className="input--width-20"
        value={reference}
        error={error('update-lender-reference')}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setReference(event.target.value)}
      />
      <TextInput
        id="update-paid-out-on"
        label="Date paid out (optional)"
        hint="Only once the lender has approved and paid out"
        type="date"
        className="input--date"
        value={paidOutOn}
        error={error('update-paid-out-on')}
        onChange={(event) => setPaidOutOn(event.target.value)}
      />
      <TextInput
        id="update-commission"
        label="Commission, in pounds"
        value={commission}
        inputMode="decimal"
        className="input--width-10"
        error={error('update-commission')}
        autoComplete="off"
        onChange={(event) => setCommission(event.target.value)}
      />
      <button type="submit" className="button">
        Save the lender’s decision
      </button>
    </form>
  );
}
