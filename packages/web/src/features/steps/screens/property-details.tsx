import { StepScreen } from '../step-screen';
import { NumberField } from '../widgets/number-field';
import type { FieldRenderer } from '../widgets/field-renderer';

// Boxes sized to their answers (GOV.UK: the width says what is expected), not half the page.
function sized(prefix?: string): FieldRenderer {
  return (field, { question, hint }) => (
    <NumberField path={field.path} label={question} hint={hint} prefix={prefix} width="quarter" />
  );
}

/** /property-details: value, mortgage, bedrooms and type of the property to borrow against. */
export default function PropertyDetailsScreen() {
  return (
    <StepScreen
      intro={
        <p className="body-lead">
          Lenders use these to work out how much they can lend. An estimate of the value is fine.
        </p>
      }
      overrides={{
        'form.propertyValue': sized('£'),
        'form.mortgageBalance': sized('£'),
        'form.propertyBedrooms': sized(),
      }}
    />
  );
}
