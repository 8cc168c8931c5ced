import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateText, type ApplicationState } from '@broker/domain';
import { Router } from '../lib/router';
import { track } from '../analytics/track';
import { CONSENT_COOKIE, readConsent, useConsentStore } from '../analytics/consent';
import { renderForm } from '../test/render';
import { TextField } from '../features/steps/widgets/text-field';
import { ERROR_REPORT_DEBOUNCE_MS } from '../features/steps/widgets/form-context';
import { CookieBanner } from './cookie-banner';

function clearConsentCookie() {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  useConsentStore.setState({ consent: null, justChosen: false, reopened: false });
}

beforeEach(() => {
  clearConsentCookie();
  window.dataLayer = [];
});

afterEach(clearConsentCookie);

describe('analytics consent (docs/design.md D14)', () => {
  it('drops events until the visitor accepts analytics cookies, then pushes them', async () => {
    const user = userEvent.setup();
    render(
      <Router>
        <CookieBanner serviceName="Evo Finance" />
      </Router>,
    );
    expect(screen.getByRole('region', { name: 'Cookies on Evo Finance' })).toBeInTheDocument();
    track('Started');
    expect(window.dataLayer).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Accept analytics cookies' }));
    expect(readConsent()).toBe('accepted');
    expect(screen.getByRole('alert')).toHaveTextContent("You've accepted analytics cookies.");
    expect(screen.getByRole('alert')).toHaveFocus();
    track('Submit', { step: '/loan-type' });
    expect(window.dataLayer).toEqual([{ event: 'Submit', step: '/loan-type' }]);

    await user.click(screen.getByRole('button', { name: 'Hide cookie message' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('remembers a rejection and keeps dropping events', async () => {
    const user = userEvent.setup();
    render(
      <Router>
        <CookieBanner serviceName="Evo Finance" />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'Reject analytics cookies' }));
    expect(readConsent()).toBe('rejected');
    track('Submit');
    expect(window.dataLayer).toEqual([]);
  });

  it('reports the validation messages on show, once they have stood for 1 s', async () => {
    useConsentStore.setState({ consent: 'accepted' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const validate = (application: ApplicationState) => {
        const message = validateText(application.form.lastName, 'last name');
        return message ? [{ field: 'form.lastName', message }] : [];
      };
      const { user } = renderForm(<TextField path="form.lastName" label="Last name" />, validate);
      await user.click(screen.getByRole('textbox', { name: 'Last name' }));
      await user.tab();
      expect(window.dataLayer).toEqual([]);
      act(() => {
        vi.advanceTimersByTime(ERROR_REPORT_DEBOUNCE_MS);
      });
      expect(window.dataLayer).toEqual([
        { event: 'Validation Error', errors: ['Please enter your last name.'], form: null },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
