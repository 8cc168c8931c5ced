/**
 * The journey's copy: every step's heading, and its hint and intro where it has them, keyed by
 * step so that a step without an entry does not compile. Kept apart from the table (steps.ts)
 * so that the bundler leaves it out of the first screen's script: `loadStepCopy` (resolve.ts)
 * imports this module, and the routes of the later screens wait for it with their own chunks
 * (docs/decisions/0045-journey-copy-out-of-the-first-screen.md). Nothing else may import it
 * statically; tests read it through `loadStepCopy` too.
 */
import type { Address } from './shape.js';
import type { FieldCopy, StepCopy, StepId } from './types.js';
import type { FieldPath } from './path.js';
import { entryIsEmployed, laterEntry } from './steps.js';
import { START_COPY } from './start-copy.js';

/** The later screens' option words travel with their copy (decision 0046). */
export { OPTION_LABELS } from './option-labels.js';

/** An address on one line, as the security-address question quotes it. */
function oneLine(address: Address | undefined): string {
  if (!address) return '';
  const street = [address.houseNumber, address.street].filter(Boolean).join(' ');
  return [address.subBuilding, address.houseName, street, address.town, address.postcode]
    .filter(Boolean)
    .join(', ');
}

/**
 * The question and hint of each field that has its own (a screen that asks more than one thing
 * asks each by its legend), by the field's path in the table; `stepFields` adds them to the
 * fields it resolves once this module is loaded.
 */
export const FIELD_COPY: Readonly<Partial<Record<FieldPath, FieldCopy>>> = {
  'form.employments.{n}.occupation': {
    legend: 'Occupation',
    hint: 'Your job title, for example sales assistant or engineer.',
  },
  'form.employments.{n}.employerName': {
    legend: 'Employer name',
    hint: 'If you are self-employed, the name of your business.',
  },
  'form.employments.{n}.employerTown': {
    legend: 'Employer town',
    hint: 'The town or city where you work.',
  },
  'form.depositType': {
    hint: 'A deposit, including the value of any part-exchange, lowers the amount you need to borrow. You can still apply without one.',
  },
  'form.cashDeposit': { legend: 'How much is your deposit?' },
  'form.propertyValue': { legend: 'What is the property worth?' },
  'form.mortgageBalance': {
    legend: 'How much is left to pay on your mortgage?',
    hint: 'Enter 0 if the property has no mortgage.',
  },
  'form.propertyBedrooms': { legend: 'How many bedrooms does it have?' },
  'form.propertyType': { legend: 'What type of property is it?' },
  'form.securityAddress.yearsAtAddress': { legend: 'How long have you owned it?' },
  // Non-breaking spaces keep the example number on one line on a phone.
  'form.contactNumber': { hint: 'A UK number, for example 07700\u00a0900\u00a0982.' },
  'form.isAgreedTermsAndConditions': { legend: 'I have read and agree to the Terms & Conditions' },
  'form.additionalNeedsRequirements': {
    legend:
      'Do you have any health condition, life event or other circumstance that affects how we should deal with you?',
  },
  'form.discussFinancialCircumstances': {
    legend: 'Would you like to discuss your financial circumstances with us?',
  },
  'form.additionalNeedsRequirementsStatement': {
    legend: 'Tell us what you would like us to know (optional)',
  },
};

export const STEP_COPY: Readonly<Record<StepId, StepCopy>> = {
  start: START_COPY,
  'loan-type': {
    heading: 'What type of vehicle finance are you looking for?',
  },
  'looking-to-buy': {
    heading: 'Have you found the vehicle you want to buy?',
    intro: 'You can apply before you have found one: knowing your budget helps you shop.',
  },
  deposit: {
    heading: 'Do you have a deposit?',
  },
  'amount-to-finance': {
    heading: 'How much would you like to borrow?',
    intro:
      'Move the slider or type an amount from £1,000 to £100,000. Do not include your deposit.',
  },
  'looking-to-borrow': {
    heading: 'How much would you like to borrow?',
    intro: 'You can borrow from £10,000 to £250,000, secured on a property you own.',
  },
  'term-to-borrow': {
    heading: 'Over how many years would you like to repay the loan?',
    intro:
      'Choose from 3 to 25 years. A longer term means lower monthly repayments, but you pay more interest in total.',
  },
  'property-details': {
    heading: 'Tell us about the property you want to borrow against',
    intro:
      'Lenders use these to work out how much they can lend. An estimate of the value is fine.',
  },
  'driving-licence': {
    heading: 'What type of driving licence do you have?',
    intro: 'Lenders use this when deciding what vehicle finance they can offer you.',
  },
  'marital-status': {
    heading: 'What is your marital status?',
    intro: 'Lenders ask this to understand your household and what you can afford to repay.',
  },
  'date-of-birth': {
    heading: 'What is your date of birth?',
    hint: 'For example, 27 3 1985',
  },
  employment: {
    heading: 'What is your employment status?',
  },
  'employment-add': {
    heading: 'What was your previous employment status?',
    hint: 'We need to know what you have been doing over the last 3 years.',
  },
  'employment-length': {
    heading: (n, state) => {
      const employed = entryIsEmployed(state, n);
      if (laterEntry(n)) {
        return employed ? 'How long did you work there?' : 'How long was that the case?';
      }
      return employed
        ? 'How long have you worked for your current employer?'
        : 'How long has this been your situation?';
    },
    intro:
      'If it is less than a year, enter 0 years and the number of months. Lenders look at what you have been doing for the last 3 years.',
  },
  'employment-income': {
    heading: 'What is your net monthly income?',
    hint: 'What you receive each month after tax and National Insurance.',
    intro:
      'Your take-home pay: what you receive each month after tax and deductions such as National Insurance and pension contributions.',
  },
  address: {
    heading: (n) => (laterEntry(n) ? 'What was your previous address?' : 'What is your address?'),
    intro: (n) =>
      laterEntry(n) ? 'Lenders need to know where you have lived for the last 3 years.' : undefined,
  },
  'address-status': {
    heading: (n) =>
      laterEntry(n)
        ? 'What was your residential status at that address?'
        : 'What is your residential status?',
    intro: (n) =>
      laterEntry(n)
        ? 'How you lived at that address, for example as a tenant or with your parents.'
        : 'Lenders use this to understand your housing costs.',
  },
  'address-length': {
    heading: (n) =>
      laterEntry(n) ? 'How long did you live there?' : 'How long have you lived at this address?',
    intro: (n) =>
      laterEntry(n)
        ? 'Lenders need to know where you have lived for the last 3 years.'
        : 'Lenders need to know where you have lived for the last 3 years. If it is less than a year, enter 0 years and the number of months.',
  },
  'security-address-confirm': {
    heading: 'Is the property you want to borrow against your current address?',
    intro: (_n, state) => {
      const current = oneLine(state.form.addresses[0]);
      return current === '' ? undefined : `Your current address is ${current}.`;
    },
  },
  'security-address-add': {
    heading: 'What is the address of the property you want to borrow against?',
    intro: 'The lender will secure the loan on this property, so it must be a property you own.',
  },
  'own-other-properties': {
    heading: 'Do you own any other properties?',
    intro:
      'For example, a buy-to-let property, a holiday home or a property abroad. Do not count the property you want to borrow against.',
  },
  personal: {
    heading: 'What is your name?',
    intro: 'Use your full name as it appears on your driving licence or bank statements.',
  },
  contact: {
    heading: 'How can we contact you?',
    intro:
      'We will use these to contact you about your application. You can choose whether we send you marketing on the next page.',
  },
  optins: {
    heading: 'How would you like to hear from us?',
    hint: 'Choose any that apply. You can change your mind at any time.',
    intro:
      'We would like to tell you about finance and offers that may interest you. Tick the ways you are happy to hear about them. You do not have to agree to any to apply, and you can change your mind at any time.',
  },
  'joint-application': {
    heading: 'Would you like to add a joint applicant?',
  },
  'joint-customer-details': {
    heading: 'Tell us about the joint applicant',
    intro: 'Use their name as it appears on their bank statements or driving licence.',
  },
  'joint-date-of-birth': {
    heading: 'What is their date of birth?',
    hint: 'For example, 27 3 1985',
  },
  'joint-employment-add': {
    heading: 'What is their employment status?',
    intro: 'If they have more than one job, choose the one they earn most from.',
  },
  'joint-employment-length': {
    heading: 'How long have they worked for their current employer?',
    intro: 'If it is less than a year, enter 0 years and the number of months.',
  },
  'joint-employment-income': {
    heading: 'What is their net monthly income?',
    hint: 'What they receive each month after tax and National Insurance.',
    intro:
      'What they receive each month after tax and National Insurance. Include only their own income, not yours.',
  },
  'joint-customer-contact': {
    heading: 'How can we contact the joint applicant?',
    intro:
      'We and the lender may need to contact them about this application. Use their own email address and phone number, not yours.',
  },
  'joint-optins': {
    heading: 'How would the joint applicant like to hear from us?',
    hint: 'Choose any that apply.',
    intro:
      'Only tick the ways they have told you they are happy to hear about finance and offers. They do not have to agree to any for you to apply, and they can change their mind at any time.',
  },
  'breathing-space': {
    heading: 'Are you in a Breathing Space?',
    hint: 'Breathing Space (the Debt Respite Scheme) gives legal protection from creditors while you get debt advice.',
  },
  'soft-search': {
    heading: 'Do you agree to a soft search of your credit file?',
    hint: 'A soft search does not affect your credit score.',
  },
  'fair-processing-notice': {
    heading: 'How we use your information',
  },
  'before-you-submit': {
    heading: 'Check your answers before you submit',
  },
  submit: {
    heading: 'Submit your application',
  },
  complete: {
    heading: 'Thank you',
  },
};
