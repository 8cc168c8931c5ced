import {
  cleanCashDepositInput,
  fieldWords,
  resolveFieldPath,
  stepFields,
  stepHeading,
  STEPS,
} from '@broker/domain';
import { getApplication, setField, useApplication } from '../../../state/application-store';
import { NumberField } from '../widgets/number-field';
import { RadioGroup } from '../widgets/radio-group';
import { choices } from '../widgets/kinds/shared';
import { StepScreen } from '../step-screen';

// The table's two questions: whether there is a deposit, and how much (shown when there is).
const [QUESTION, AMOUNT] = STEPS.deposit.fields;
const QUESTION_PATH = resolveFieldPath(QUESTION!.path, 1);
const AMOUNT_PATH = resolveFieldPath(AMOUNT!.path, 1);

/** The question stays the h1 while the amount is revealed under it (GOV.UK conditional reveal). */
function DepositQuestions() {
  const heading = useApplication((application) => stepHeading({ id: 'deposit' }, application));
  const showsAmount = useApplication((application) =>
    stepFields({ id: 'deposit' }, application).some((field) => field.path === AMOUNT_PATH),
  );
  return (
    <>
      <RadioGroup<string | boolean>
        path={QUESTION_PATH}
        legend={heading}
        hint={fieldWords(QUESTION!.path).hint}
        asHeading
        inline
        options={choices(QUESTION!.options)}
        onChoose={(value) => {
          // The state's default deposit of £0 would otherwise greet a 'Yes' as a typed answer.
          if (value === true && getApplication().form.cashDeposit === 0) {
            setField(AMOUNT_PATH, null);
          }
        }}
      />
      {showsAmount && (
        <div className="step-field">
          <NumberField
            path={AMOUNT_PATH}
            label={fieldWords(AMOUNT!.path).legend ?? AMOUNT!.label}
            prefix={AMOUNT!.unit === 'pounds' ? '£' : undefined}
            width="quarter"
            clean={cleanCashDepositInput}
          />
        </div>
      )}
    </>
  );
}

/** /deposit (brands that ask it): whether there is a deposit and, if so, how much. */
export default function DepositScreen() {
  return (
    <StepScreen>
      <DepositQuestions />
    </StepScreen>
  );
}
