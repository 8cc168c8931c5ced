import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_COMPANY } from '../../content/company.fixture';
import { CookiePolicyPage } from './cookie-policy-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsPage } from './terms-page';

afterEach(cleanup);

describe('legal pages', () => {
  it.each([
    ['TermsPage', TermsPage, 'Terms & Conditions'],
    ['PrivacyPolicyPage', PrivacyPolicyPage, 'Privacy policy'],
    ['CookiePolicyPage', CookiePolicyPage, 'Cookie policy'],
  ])('%s has one h1 and names the browser tab', async (_name, Page, title) => {
    render(<Page company={TEST_COMPANY} />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    await screen.findByText(TEST_COMPANY.name, { selector: 'dd' });
    expect(document.title).toBe(`${title} – ${TEST_COMPANY.name}`);
  });
});
