import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_FAILURE_STATUS,
  ANALYTICS_PROPERTY_KEYS,
} from './analytics.js';

describe('analytics vocabulary (docs/product.md §3)', () => {
  it('has the five event types', () => {
    expect(Object.values(ANALYTICS_EVENT_TYPES)).toEqual([
      'submit_application',
      'application_approval',
      'application_decline',
      'application_duplicate',
      'application_error',
    ]);
  });

  it('has the three property keys', () => {
    expect(ANALYTICS_PROPERTY_KEYS).toEqual({
      submissionKey: 'submission_key',
      dealerNumber: 'dealer_number',
      accountStatus: 'account_status',
    });
  });

  it('has the failure status word', () => {
    expect(ANALYTICS_FAILURE_STATUS).toBe('Failure');
  });

  it('has the named events', () => {
    expect(ANALYTICS_EVENTS).toEqual({
      started: 'Started',
      submit: 'Submit',
      submitError: 'Submit Error',
      submissionError: 'Submission Error',
      pageView: 'page_view',
    });
  });
});
