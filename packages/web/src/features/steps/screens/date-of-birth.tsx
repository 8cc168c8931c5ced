import type { FieldRenderer } from '../widgets/field-renderer';
import { DateOfBirth } from '../widgets/date-of-birth';
import { StepScreen } from '../step-screen';

const dateOfBirth: FieldRenderer = (field, { question, asHeading, hint }) =>
  field.parts && (
    <DateOfBirth
      dayPath={field.parts.day}
      monthPath={field.parts.month}
      yearPath={field.parts.year}
      valuePath={field.path}
      heading={question}
      asHeading={asHeading}
      hint={hint}
      smallPrint="You need to be aged 21 to 74 to apply."
    />
  );

/** /date-of-birth: SPEC's date-of-birth section, with the age rule under the boxes. */
export default function DateOfBirthScreen() {
  return <StepScreen overrides={{ 'form.dateOfBirth': dateOfBirth }} />;
}
