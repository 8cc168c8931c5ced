import type { FieldRenderer } from '../field-renderer';
import { EmailField } from '../email-field';
import { PhoneField } from '../phone-field';

const render: FieldRenderer = (field, { question, asHeading, hint }) =>
  field.kind === 'email' ? (
    <EmailField path={field.path} label={question} hint={hint} asHeading={asHeading} />
  ) : (
    <PhoneField path={field.path} label={question} hint={hint} asHeading={asHeading} />
  );
export default render;
