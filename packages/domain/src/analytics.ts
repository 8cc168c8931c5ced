/** The analytics vocabulary of docs/product.md §3; pushed to the tag-manager dataLayer (docs/design.md D14). */

export const ANALYTICS_EVENT_TYPES = {
  submitApplication: 'submit_application',
  applicationApproval: 'application_approval',
  applicationDecline: 'application_decline',
  applicationDuplicate: 'application_duplicate',
  applicationError: 'application_error',
} as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[keyof typeof ANALYTICS_EVENT_TYPES];

export const ANALYTICS_PROPERTY_KEYS = {
  submissionKey: 'submission_key',
  dealerNumber: 'dealer_number',
  accountStatus: 'account_status',
} as const;
export type AnalyticsPropertyKey =
  (typeof ANALYTICS_PROPERTY_KEYS)[keyof typeof ANALYTICS_PROPERTY_KEYS];

export const ANALYTICS_FAILURE_STATUS = 'Failure';

export const ANALYTICS_EVENTS = {
  started: 'Started',
  submit: 'Submit',
  submitError: 'Submit Error',
  submissionError: 'Submission Error',
  pageView: 'page_view',
} as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];
