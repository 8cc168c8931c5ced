import { StepScreen } from '../step-screen';
import { NumberField } from '../widgets/number-field';
import type { FieldRenderer } from '../widgets/field-renderer';

// Boxes sized to their answers (GOV.UK: the width says what is expected), not half the page.
const sized: FieldRenderer = (field, { question, hint }) => (
  <NumberField
    path={field.path}
    label={question}
    hint={hint}
    prefix={field.unit === 'pounds' ? '£' : undefined}
    width="quarter"
  />
);

/** /property-details: value, mortgage, bedrooms and type of the property to borrow against. */
export default function PropertyDetailsScreen() {
  return (
    <StepScreen
      overrides={{
        'form.propertyValue': sized,
        'form.mortgageBalance': sized,
        'form.propertyBedrooms': sized,
      }}
    />
  );
}
