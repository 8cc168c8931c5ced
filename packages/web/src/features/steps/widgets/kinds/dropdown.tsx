import type { FieldRenderer } from '../field-renderer';
import { Dropdown } from '../dropdown';
import { choices } from './shared';

const render: FieldRenderer = (field, { question, asHeading, hint }) => (
  <Dropdown<string | boolean>
    path={field.path}
    label={question}
    hint={hint}
    asHeading={asHeading}
    options={choices(field.options)}
  />
);
export default render;
