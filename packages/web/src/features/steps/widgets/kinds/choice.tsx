import type { FieldOption } from '@broker/domain';
import type { FieldRenderer } from '../field-renderer';
import { RadioGroup } from '../radio-group';
import { choices } from './shared';

function isYesNo(options: readonly FieldOption[] | undefined): boolean {
  return options?.length === 2 && options.every((option) => typeof option.value === 'boolean');
}

/** Radios, and the title radios (inline, as are Yes / No questions). */
const render: FieldRenderer = (field, { question, asHeading, hint }) => (
  <RadioGroup<string | boolean>
    path={field.path}
    legend={question}
    hint={hint}
    asHeading={asHeading}
    options={choices(field.options)}
    inline={field.kind === 'title' || isYesNo(field.options)}
  />
);
export default render;
