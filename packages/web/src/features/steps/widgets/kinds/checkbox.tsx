import type { FieldRenderer } from '../field-renderer';
import { CheckboxField } from '../checkbox-field';

const render: FieldRenderer = (field, { question, hint }) => (
  <CheckboxField path={field.path} label={question} hint={hint} />
);
export default render;
