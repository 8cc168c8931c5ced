import { capitaliseFirstLetter } from '@broker/domain';
import type { FieldRenderer } from '../widgets/field-renderer';
import { TextField } from '../widgets/text-field';
import { StepScreen } from '../step-screen';

function name(autoComplete: 'given-name' | 'family-name'): FieldRenderer {
  // docs/product.md §5: the first letter is capitalised when the name is saved.
  return (field, { question, hint }) => (
    <TextField
      path={field.path}
      label={question}
      hint={hint}
      autoComplete={autoComplete}
      spellCheck={false}
      transformOnBlur={capitaliseFirstLetter}
    />
  );
}

/** /personal: title and name, as on the applicant's official documents. */
export default function PersonalScreen() {
  return (
    <StepScreen
      intro={
        <p className="body-lead">
          Use your full name as it appears on your driving licence or bank statements.
        </p>
      }
      overrides={{
        'form.firstName': name('given-name'),
        'form.lastName': name('family-name'),
      }}
    />
  );
}
