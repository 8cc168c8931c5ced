import { StepScreen } from '../step-screen';

/** /joint-customer-contact: the joint applicant's email address and phone number. */
export default function JointCustomerContactScreen() {
  return (
    <StepScreen
      intro={
        <p className="body-lead">
          We and the lender may need to contact them about this application. Use their own email
          address and phone number, not yours.
        </p>
      }
    />
  );
}
