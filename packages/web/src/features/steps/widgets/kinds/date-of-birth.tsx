import type { FieldRenderer } from '../field-renderer';
import { DateOfBirth } from '../date-of-birth';

const render: FieldRenderer = (field, { question, asHeading, hint }) =>
  field.parts && (
    <DateOfBirth
      dayPath={field.parts.day}
      monthPath={field.parts.month}
      yearPath={field.parts.year}
      valuePath={field.path}
      label={field.label.charAt(0).toUpperCase() + field.label.slice(1)}
      heading={question}
      asHeading={asHeading}
      hint={hint}
    />
  );
export default render;
