import { useMemo } from 'react';
import { stepFields, stepHeading, stepHint, type ResolvedField } from '@broker/domain';
import { useStepRef } from '../lib/step-ref';
import { getApplication, useApplication } from '../../../state/application-store';
import { renderField } from '../widgets/field-renderer';
import { TextField } from '../widgets/text-field';
import { StepScreen } from '../step-screen';

/** Occupation and employer as the table asks them (autofill only for the current job). */
function FollowUp({ field }: { field: ResolvedField }) {
  return (
    <TextField
      path={field.path}
      label={field.legend ?? field.label}
      hint={field.hint}
      autoComplete={field.autocomplete}
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
          hint: stepHint(id),
        })}
      </div>
      {followUps.map((field) => (
        <div key={field.path} className="step-field">
          <FollowUp field={field} />
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
