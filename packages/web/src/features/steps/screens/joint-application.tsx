import { StepScreen } from '../step-screen';

/** /joint: whether someone applies with the applicant. */
export default function JointApplicationScreen() {
  return (
    <StepScreen
      intro={
        <>
          <p className="body">
            A joint applicant applies with you, for example your partner. You would both be
            responsible for repaying the whole loan, and lenders would check both of your credit
            files.
          </p>
          <p className="body">Only add someone who has agreed to apply with you.</p>
        </>
      }
    />
  );
}
