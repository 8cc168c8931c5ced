/**
 * The domain package's public API, named deliberately (docs/architecture.md): what the web app,
 * the server, the back office, the e2e suite and the benchmarks may use. A module's other
 * exports are its own business; add a name here when another package needs it.
 */

// The application state: its shape, option lists, defaults and storage (journey/).
export {
  STATE_VERSION,
  DEFAULT_SUBMITTED_BY,
  DEFAULT_LOAN_AMOUNT,
  DEFAULT_TERM,
  DEFAULT_CASH_DEPOSIT,
  DEFAULT_FINANCE_TYPE,
  LOAN_PURPOSES,
  VEHICLE_FINANCE_TYPES,
  FINANCE_TYPES,
  LOOKING_TO_BUY,
  TITLES,
  MARITAL_STATUSES,
  DRIVING_LICENCE_TYPES,
  EMPLOYMENT_STATUSES,
  RESIDENTIAL_STATUSES,
  PROPERTY_TYPES,
  VEHICLE_TYPES,
  isSecuredApplication,
  APPLICATION_BRANCHES,
  loanBranch,
  isSecuredPurpose,
  applicationBranch,
  emptyAddress,
  emptySecurityAddress,
  emptyEmployment,
  emptyOptIns,
  emptyJointApplicant,
  emptyVehicle,
  emptyUtmParameters,
  createInitialForm,
  createInitialState,
  guidFromBytes,
  GUID_PATTERN,
  serialiseState,
  restoreState,
} from './journey/index.js';
export type {
  LoanPurposeType,
  FinanceType,
  LookingToBuy,
  Title,
  MaritalStatus,
  DrivingLicenceType,
  EmploymentStatus,
  ResidentialStatus,
  PropertyType,
  VehicleType,
  LoanBranch,
  ApplicationBranch,
  Address,
  SecurityAddress,
  Employment,
  OptIns,
  JointApplicant,
  UtmParameters,
  Vehicle,
  ApplicationForm,
  SavedAddress,
  ApplicationState,
} from './journey/index.js';

// Answers by typed path (docs/decisions/0038-typed-state-paths.md).
export { getAnswer, setAnswer, setAnswers, resolveFieldPath } from './journey/index.js';
export type { StatePath, FieldPath, AddressPath, AnswerAt, Answers } from './journey/index.js';

// The journey's table and what reads it (docs/decisions/0037-steps-as-complete-data.md).
export {
  MAX_STEP_NUMBER,
  EMPLOYED_STATUSES,
  STEPS,
  STEP_IDS,
  CHECK_ANSWERS_SECTIONS,
  sameStep,
  stepPath,
  parseStepPath,
  stepHeading,
  stepIntro,
  stepHint,
  stepCopy,
  loadStepCopy,
  fieldWords,
  stepFields,
  INVALID_POSTCODE_MESSAGE,
  validateStep,
  isStepComplete,
  journeySteps,
  nextStep,
  previousStep,
  firstIncompleteStep,
  canVisit,
  completionFlagsFor,
  answersImpliedBy,
  journeyMermaid,
} from './journey/index.js';
export type {
  StepId,
  StepRef,
  StepSpec,
  StepCopy,
  StepEffects,
  Heading,
  Intro,
  FieldKind,
  FieldOption,
  FieldSpec,
  FieldUnit,
  AutocompleteToken,
  ResolvedField,
  FieldError,
  CompletionFlag,
  ConditionId,
  LoopId,
  CheckAnswersSectionId,
  CheckAnswersSpec,
} from './journey/index.js';

// Rules for single answers and their messages.
export { isValidPostcode, normalisePostcode } from './postcode.js';
export { normalisePhoneForPayload, phoneInGroups } from './phone.js';
export { DOB_TOO_YOUNG } from './messages.js';
export type { Who } from './messages.js';
export {
  TEXT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PHONE_INPUT_MAX_LENGTH,
  validateText,
  validateName,
  capitaliseFirstLetter,
  cleanNumberInput,
  cleanCashDepositInput,
  validateNumber,
  validateEmail,
  validatePhone,
} from './validation.js';
export { padDatePart, validateDateOfBirth, dateOfBirthValue } from './date-of-birth.js';
export type { CalendarDate } from './date-of-birth.js';
export { toDecimalYears, addressHistoryMonths } from './years-months.js';

// Brands, hosts and what a visit starts with.
export { BRANDS, BRAND_LIST, brandForHost, isModalApplyHost } from './brands.js';
export type { Brand } from './brands.js';
export { reviewBadge } from './reviews.js';
export type { ReviewBadge } from './reviews.js';
export { vehicleTypeForHost } from './vehicle-type.js';
export { intake } from './intake.js';
export { progressPercent } from './progress.js';
export {
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_PROPERTY_KEYS,
  ANALYTICS_FAILURE_STATUS,
  ANALYTICS_EVENTS,
} from './analytics.js';
export type { AnalyticsEventType, AnalyticsPropertyKey, AnalyticsEventName } from './analytics.js';
export { CONSENT_COOKIE, consentFromCookies } from './consent.js';
export type { Consent } from './consent.js';
export { FUNNEL_OUTCOME_STEPS, FUNNEL_STEPS, FUNNEL_BRANCHES, funnelBranch } from './funnel.js';
export type { FunnelStep, FunnelBranch } from './funnel.js';

// The submission: payload, API schemas, disclosures, outcome and reference.
export { ACCOUNT_STATUS } from './account-status.js';
export type { AccountStatus } from './account-status.js';
export {
  submissionKeySchema,
  SUBMISSION_KEY_MESSAGE,
  submissionPayloadSchema,
  partialSubmissionPayloadSchema,
  submissionResponseSchema,
  addressLookupItemSchema,
  addressListResponseSchema,
  addressDetailSchema,
  addressDetailResponseSchema,
} from './schemas.js';
export type { PayloadAnswers } from './codec/read.js';
export { readPayload } from './codec/read.js';
export {
  summariseAnswers,
  summarisePayload,
  formatYearsMonths,
  formatDateOfBirth,
  listInWords,
} from './codec/summary.js';
export type { AnswerRow, AnswerGroup, AnswerSection } from './codec/summary.js';
export { ENVELOPE_KEYS } from './codec/envelope.js';
export type { EnvelopeKey } from './codec/envelope.js';
export type { FieldProblem, PayloadCheckOptions } from './codec/check.js';
export { NOT_ASKED, payloadStepProblems, mergeProblems, payloadNameOf } from './codec/check.js';
export { PAYLOAD_DATE_OF_BIRTH } from './codec/values.js';
export { PAYLOAD_DEFAULTS } from './codec/policy.js';
export type {
  SubmissionPayload,
  PartialSubmissionPayload,
  IndicativeQuote,
  SubmissionResponse,
  AddressLookupItem,
  AddressDetail,
} from './schemas.js';
export {
  DISCLOSURE_TEXT_IDS,
  DISCLOSURE_VERSIONS,
  currentDisclosureVersion,
  CONSENT_TEXTS,
} from './disclosure-versions.js';
export type { DisclosureTextId, ConsentId } from './disclosure-versions.js';
export type { PayloadDisclosures, DisclosureReceipt } from './disclosures.js';
export { disclosureReceiptSchema, payloadDisclosuresSchema } from './disclosures.js';
export {
  CLOCK_TOLERANCE_MS,
  DISCLOSURE_PLACES,
  checkDisclosureEvidence,
} from './disclosure-evidence.js';
export type {
  ConsentEvidence,
  DisclosureEvidence,
  DisclosurePlace,
  EvidenceFacts,
  EvidenceProblem,
  KnownVersion,
  ServedText,
  TextEvidence,
} from './disclosure-evidence.js';
export { canSubmit, buildSubmissionPayload } from './codec/build.js';
export type { SubmissionPayloadDraft, BuildPayloadOptions } from './codec/build.js';
export { FEATURE_FLAGS, PORTAL_VARIANT, resolveOutcome } from './outcome.js';
export type { Outcome } from './outcome.js';
export { REPRESENTATIVE_EXAMPLE, SECURED_EXAMPLE } from './finance.js';
export { formatGBP } from './money.js';
export {
  commissionDisclosure,
  formatQuoteDate,
  formatRate,
  QUOTE_STATUS,
  quoteBasis,
  quoteRows,
  REPOSSESSION_WARNING,
} from './quote-text.js';
export type { RepresentativeExample } from './finance.js';
export {
  confirmsErasure,
  ERASURE_WORD,
  erasureConfirmation,
  newReference,
  parseReference,
} from './reference.js';
export { COMPANY_KEYS, COMPANY_SETTINGS, companyDetails, companyNamed } from './company.js';
export type { CompanyDetail, CompanyDetails, CompanySetting } from './company.js';

// The lender panel (panel/).
export {
  parseLenderPanel,
  panelApplicationFrom,
  refusals,
  DECLINE_REASONS,
  brokerPolicyRules,
  decideOnPanel,
  matchedLenders,
  productBranches,
} from './panel/index.js';
export type { LenderPanel, PanelDecision, PanelApplication } from './panel/index.js';

// The "Need help?" form (docs/help.md).
export {
  CALL_TIMES,
  HELP_TOPICS,
  HARDER_KINDS,
  HELP_TEXT_MAX_LENGTH,
  HELP_MESSAGES,
  callbackRequestProblems,
  callbackPhone,
  labelOf,
} from './help.js';
export type {
  CallTime,
  HelpTopic,
  HarderKind,
  CallbackRequestInput,
  HelpFieldError,
} from './help.js';
export type { AuditAction } from './audit-actions.js';
