import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { stepFields, stepHeading, stepHint, stepIntro, type StepRef } from '@broker/domain';
import { getApplication, useApplication } from '../../../state/application-store';
import { PageHeading } from '../../../chrome/page-heading';
import { renderField, type FieldContext, type FieldRenderer } from './field-renderer';

function sentence(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

// Kinds whose own label or legend can be the page's h1 on a one-question step (GOV.UK).
const HEADING_KINDS = new Set<string>([
  'text',
  'postcode',
  'number',
  'email',
  'phone',
  'title',
  'radio',
  'dropdown',
  'slider',
  'yearsMonths',
  'dateOfBirth',
]);

export interface StepFieldsProps {
  step: StepRef;
  /** Replaces the journey's heading for this step. */
  heading?: string;
  /**
   * Shown under the h1; when the step's one question is the h1, it becomes that question's
   * hint (linked to the control by aria-describedby) in place of the journey's hint.
   */
  intro?: ReactNode;
  /** Custom widgets for some fields, by resolved path ('form.addresses.0.postcode'). */
  overrides?: Readonly<Record<string, FieldRenderer>>;
}

/**
 * The fields of a step as the journey declares them. A one-question step makes the question
 * the h1 (its legend or label); otherwise the step heading is the h1 and each field is asked
 * by its own legend or label.
 */
export function StepFields({ step, heading, intro: screenIntro, overrides = {} }: StepFieldsProps) {
  const { id, n } = step;
  const journeyHeading = useApplication((application) => stepHeading({ id, n }, application));
  // The screen's own intro (one with links or dialogs), else the journey's copy.
  const journeyIntro = useApplication((application) => stepIntro({ id, n }, application));
  const intro = screenIntro ?? journeyIntro;
  // The paths on show change only when an answer reveals or hides a field.
  const visible = useApplication((application) =>
    stepFields({ id, n }, application)
      .map((field) => field.path)
      .join('|'),
  );
  const fields = useMemo(
    () => (visible === '' ? [] : stepFields({ id, n }, getApplication())),
    [id, n, visible],
  );
  const title = heading ?? journeyHeading;
  const journeyHint = stepHint(id);
  const only = fields.length === 1 ? fields[0] : undefined;
  const questionIsHeading =
    only !== undefined && only.legend === undefined && HEADING_KINDS.has(only.kind);
  return (
    <>
      {!questionIsHeading && <PageHeading>{title}</PageHeading>}
      {!questionIsHeading && journeyHint && <p className="body-lead">{journeyHint}</p>}
      {!questionIsHeading &&
        (typeof intro === 'string' ? <p className="body-lead">{intro}</p> : intro)}
      {fields.map((field) => {
        const context: FieldContext = questionIsHeading
          ? { question: title, asHeading: true, hint: intro ?? field.hint ?? journeyHint }
          : { question: field.legend ?? sentence(field.label), asHeading: false, hint: field.hint };
        const render = overrides[field.path] ?? renderField;
        return (
          <div key={field.path} className="step-field">
            {render(field, context)}
          </div>
        );
      })}
    </>
  );
}
