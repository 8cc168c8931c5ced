import { StepScreen } from '../step-screen';
import { DateOfBirth } from '../widgets/date-of-birth';
import type { FieldRenderer } from '../widgets/field-renderer';

const theirDateOfBirth: FieldRenderer = (field, { question, asHeading, hint }) => (
  <DateOfBirth
    dayPath={field.parts?.day ?? 'jointDobDay'}
    monthPath={field.parts?.month ?? 'jointDobMonth'}
    yearPath={field.parts?.year ?? 'jointDobYear'}
    valuePath={field.path}
    label="Their date of birth"
    heading={question}
    asHeading={asHeading}
    hint={hint}
    smallPrint="They must be 21 or over and under 75 to apply."
    autoComplete={false}
  />
);

/** /joint-date-of-birth: the date-of-birth section with 'their' messages (the journey's). */
export default function JointDateOfBirthScreen() {
  return <StepScreen overrides={{ 'form.joint.dateOfBirth': theirDateOfBirth }} />;
}
