import { capitaliseFirstLetter } from '@broker/domain';
import type { FieldRenderer } from '../widgets/field-renderer';
import { TextField } from '../widgets/text-field';
import { StepScreen } from '../step-screen';

// docs/product.md §5: the first letter is capitalised when the name is saved (left, or sent with
// Enter or Continue).
const name: FieldRenderer = (field, { question, hint }) => (
  <TextField
    path={field.path}
    label={question}
    hint={hint}
    autoComplete={field.autocomplete}
    spellCheck={false}
    transform={capitaliseFirstLetter}
  />
);

/** /personal: title and name, as on the applicant's official documents. */
export default function PersonalScreen() {
  return (
    <StepScreen
      overrides={{
        'form.firstName': name,
        'form.lastName': name,
      }}
    />
  );
}
