import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { stepFields, stepHeading, STEPS, type ResolvedField } from '@broker/domain';
import { useStepRef } from '../lib/step-ref';
import { getApplication, useApplication } from '../../../state/application-store';
import { renderField } from '../widgets/field-renderer';
import { TextField } from '../widgets/text-field';
import { StepScreen } from '../step-screen';

interface Question {
  label: string;
  hint?: ReactNode;
  /** Only for the current job: a browser's autofill knows today's, not earlier ones. */
  autoComplete?: 'organization-title' | 'organization';
}

const QUESTIONS: Readonly<Record<string, Question>> = {
  occupation: {
    label: 'Occupation',
    hint: 'Your job title, for example sales assistant or engineer.',
    autoComplete: 'organization-title',
  },
  employerName: {
    label: 'Employer name',
    hint: 'If you are self-employed, the name of your business.',
    autoComplete: 'organization',
  },
  employerTown: { label: 'Employer town', hint: 'The town or city where you work.' },
};

function FollowUp({ field, current }: { field: ResolvedField; current: boolean }) {
  const key = field.path.slice(field.path.lastIndexOf('.') + 1);
  const question = QUESTIONS[key] ?? { label: field.label };
  return (
    <TextField
      path={field.path}
      label={question.label}
      hint={question.hint ?? field.hint}
      autoComplete={current ? question.autoComplete : undefined}
    />
  );
}

/**
 * The status is the page's question (the h1); occupation and employer follow it when the
 * applicant works, so choosing a status never moves the heading.
 */
function EmploymentQuestions() {
  const step = useStepRef();
  const { id, n = 1 } = step;
  const heading = useApplication((application) => stepHeading({ id, n }, application));
  const visible = useApplication((application) =>
    stepFields({ id, n }, application)
      .map((field) => field.path)
      .join('|'),
  );
  const fields = useMemo(
    () => (visible === '' ? [] : stepFields({ id, n }, getApplication())),
    [id, n, visible],
  );
  const [status, ...followUps] = fields;
  if (!status) return null;
  return (
    <>
      <div className="step-field">
        {renderField(status, {
          question: heading,
          asHeading: true,
          hint: STEPS[id].hint,
        })}
      </div>
      {followUps.map((field) => (
        <div key={field.path} className="step-field">
          <FollowUp field={field} current={id === 'employment'} />
        </div>
      ))}
    </>
  );
}

/** /employment/1 and, through employment-add, earlier jobs (/employment-add/N). */
export default function EmploymentScreen() {
  return (
    <StepScreen>
      <EmploymentQuestions />
    </StepScreen>
  );
}
