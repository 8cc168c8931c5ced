import type { FieldRenderer } from '../widgets/field-renderer';
import { NumberField } from '../widgets/number-field';
import { StepScreen } from '../step-screen';

const income: FieldRenderer = (field, { question, asHeading, hint }) => (
  <NumberField
    path={field.path}
    label={question}
    hint={hint}
    asHeading={asHeading}
    prefix={field.unit === 'pounds' ? '£' : undefined}
    suffix="per month"
    width="quarter"
  />
);

/** /employment-income/1: take-home pay, which lenders use to judge what is affordable. */
export default function EmploymentIncomeScreen() {
  return <StepScreen overrides={{ 'form.netMonthlyIncome': income }} />;
}
