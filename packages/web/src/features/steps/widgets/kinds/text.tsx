import type { FieldRenderer } from '../field-renderer';
import { TextField } from '../text-field';
import { AUTOCOMPLETE } from './shared';

const render: FieldRenderer = (field, { question, asHeading, hint }) =>
  field.kind === 'postcode' ? (
    <TextField
      path={field.path}
      label={question}
      hint={hint}
      asHeading={asHeading}
      maxLength={8}
      autoComplete={AUTOCOMPLETE[field.path]}
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
      autoComplete={AUTOCOMPLETE[field.path]}
    />
  );
export default render;
