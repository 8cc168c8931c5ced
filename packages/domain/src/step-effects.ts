import { dateOfBirthValue, type CalendarDate } from './date-of-birth.js';
import { completionFlagsFor, type StepRef } from './journey.js';
import type { ApplicationState } from './state.js';

/**
 * What a valid Continue on a step writes besides the answers the screen edits: the step's
 * completion flags, and values the answers imply (decision 0001): the product behind the start
 * question, and the top-level mirrors of docs/product.md §3 (fullLicence, hasDeposit, isJointApplication,
 * breathingSpace, isSecurityCurrentAddress), and IsFullApplication once the full application
 * is sent. Keys are dotted paths into ApplicationState.
 */
export function answersImpliedBy(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): Record<string, unknown> {
  const { form } = state;
  const out: Record<string, unknown> = {};
  for (const flag of completionFlagsFor(ref)) out[`form.${flag}`] = true;

  switch (ref.id) {
    case 'start':
      if (form.loanPurposeType !== null && form.loanPurposeType !== 'Vehicle') {
        out['form.financeType'] = 'Secured';
      }
      break;
    case 'driving-licence':
      out.fullLicence = form.drivingLicenceType === 'FullUK';
      break;
    case 'deposit':
      out.hasDeposit = form.depositType;
      if (form.depositType === false) out['form.cashDeposit'] = 0;
      break;
    case 'date-of-birth':
      out['form.dateOfBirth'] = dateOfBirthValue(
        { day: state.dobDay, month: state.dobMonth, year: state.dobYear },
        today,
      );
      break;
    case 'joint-date-of-birth':
      out['form.joint.dobDay'] = state.jointDobDay;
      out['form.joint.dobMonth'] = state.jointDobMonth;
      out['form.joint.dobYear'] = state.jointDobYear;
      out['form.joint.dateOfBirth'] = dateOfBirthValue(
        { day: state.jointDobDay, month: state.jointDobMonth, year: state.jointDobYear },
        today,
      );
      break;
    case 'joint-application':
      out.isJointApplication = form.isJointApplication;
      break;
    case 'breathing-space':
      out.breathingSpace = form.breathingSpace;
      break;
    case 'security-address-confirm':
      out.isSecurityCurrentAddress = form.isSecurityCurrentAddress;
      break;
    case 'submit':
      // Decision 0001: a valid Continue on /submit sends the full application.
      out['form.IsFullApplication'] = true;
      break;
    default:
      break;
  }
  return out;
}
