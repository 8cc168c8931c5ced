import { cleanCashDepositInput, stepHeading } from '@broker/domain';
import { getApplication, setField, useApplication } from '../../../state/application-store';
import { NumberField } from '../widgets/number-field';
import { RadioGroup } from '../widgets/radio-group';
import { StepScreen } from '../step-screen';

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

/** The question stays the h1 while the amount is revealed under it (GOV.UK conditional reveal). */
function DepositQuestions() {
  const heading = useApplication((application) => stepHeading({ id: 'deposit' }, application));
  const hasDeposit = useApplication((application) => application.form.depositType === true);
  return (
    <>
      <RadioGroup<boolean>
        path="form.depositType"
        legend={heading}
        hint="A deposit, including the value of any part-exchange, lowers the amount you need to borrow. You can still apply without one."
        asHeading
        inline
        options={YES_NO}
        onChoose={(value) => {
          // The state's default deposit of £0 would otherwise greet a 'Yes' as a typed answer.
          if (value && getApplication().form.cashDeposit === 0) setField('form.cashDeposit', null);
        }}
      />
      {hasDeposit && (
        <div className="step-field">
          <NumberField
            path="form.cashDeposit"
            label="How much is your deposit?"
            prefix="£"
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
