import type { FieldRenderer } from '../../widgets/field-renderer';
import { PhoneField } from '../../widgets/phone-field';
import { StepScreen } from '../step-screen';

// Non-breaking spaces keep the example number on one line on a phone.
const phone: FieldRenderer = (field, { question }) => (
  <PhoneField
    path={field.path}
    label={question}
    hint={'A UK number, for example 07700\u00a0900\u00a0982.'}
  />
);

/** /contact: email and phone (brand-level phone rules, DESIGN D5). */
export default function ContactScreen() {
  return (
    <StepScreen
      overrides={{ 'form.contactNumber': phone }}
      intro={
        <p className="body-lead">
          We will use these to contact you about your application. You can choose whether we send
          you marketing on the next page.
        </p>
      }
    />
  );
}
