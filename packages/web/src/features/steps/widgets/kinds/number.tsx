import type { FieldRenderer } from '../field-renderer';
import { NumberField } from '../number-field';

const render: FieldRenderer = (field, { question, asHeading, hint }) => (
  <NumberField
    path={field.path}
    label={question}
    hint={hint}
    asHeading={asHeading}
    prefix={field.unit === 'pounds' ? '£' : undefined}
    maxLength={field.maxLength}
  />
);
export default render;
