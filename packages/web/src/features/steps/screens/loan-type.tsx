import type { ReactNode } from 'react';
import type { FieldRenderer } from '../widgets/field-renderer';
import { RadioGroup } from '../widgets/radio-group';
import { StepScreen } from '../step-screen';

const OPTION_HINTS: Readonly<Record<string, ReactNode>> = {
  HirePurchase:
    'Fixed monthly payments, usually after a deposit. The vehicle is yours once the last payment is made.',
  PersonalContractPurchase:
    'Lower monthly payments. At the end you can pay a final lump sum to keep the vehicle, hand it back or part-exchange it.',
  NotSure: 'We will help you find the finance that suits you.',
};

const financeType: FieldRenderer = (field, { question, asHeading, hint }) => (
  <RadioGroup<string | boolean>
    path={field.path}
    legend={question}
    hint={hint}
    asHeading={asHeading}
    options={(field.options ?? []).map((option) => ({
      value: option.value,
      label: option.label,
      hint: OPTION_HINTS[String(option.value)],
    }))}
  />
);

/** /loan-type: the vehicle finance products, each with what it means. */
export default function LoanTypeScreen() {
  return <StepScreen overrides={{ 'form.financeType': financeType }} />;
}
