import type { FieldRenderer } from '../field-renderer';
import { NumberField } from '../number-field';
import { isMoney } from './shared';

const render: FieldRenderer = (field, { question, asHeading, hint }) => (
  <NumberField
    path={field.path}
    label={question}
    hint={hint}
    asHeading={asHeading}
    prefix={isMoney(field.path) ? '£' : undefined}
    maxLength={field.maxLength}
  />
);
export default render;
