import type { FieldRenderer } from '../field-renderer';
import { TextField } from '../text-field';

const render: FieldRenderer = (field, { question, asHeading, hint }) =>
  field.kind === 'postcode' ? (
    <TextField
      path={field.path}
      label={question}
      hint={hint}
      asHeading={asHeading}
      maxLength={8}
      autoComplete={field.autocomplete}
      spellCheck={false}
      width="quarter"
    />
  ) : (
    <TextField
      path={field.path}
      label={question}
      hint={hint}
      asHeading={asHeading}
      maxLength={field.maxLength}
      autoComplete={field.autocomplete}
    />
  );
export default render;
