import { capitaliseFirstLetter } from '@broker/domain';
import { StepScreen } from '../step-screen';
import { TextField } from '../widgets/text-field';
import type { FieldRenderer } from '../widgets/field-renderer';

// Someone else's name: the browser must not fill in the user's own. docs/product.md §5: the first letter
// is capitalised when the name is saved, as the applicant's is.
const theirName: FieldRenderer = (field, { question, hint }) => (
  <TextField
    path={field.path}
    label={question}
    hint={hint}
    autoComplete="off"
    spellCheck={false}
    transform={capitaliseFirstLetter}
  />
);

/** /joint-customer-details: the joint applicant's title, name and marital status. */
export default function JointCustomerDetailsScreen() {
  return (
    <StepScreen
      overrides={{ 'form.joint.firstName': theirName, 'form.joint.lastName': theirName }}
    />
  );
}
