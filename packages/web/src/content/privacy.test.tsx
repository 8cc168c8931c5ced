import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_COMPANY } from './company.fixture';
import { PrivacyContent } from './privacy';

afterEach(cleanup);

function section(name: string): HTMLElement {
  const container = screen.getByRole('heading', { level: 2, name }).closest('section');
  if (!container) throw new Error(`${name} is not the heading of a section`);
  return container;
}

describe('PrivacyContent', () => {
  it('is titled Privacy policy', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Privacy policy$/);
  });

  // docs/product.md §2: the list of what the privacy policy covers, one heading each.
  it.each([
    'Our lawful bases for using your information',
    'The information we collect',
    'How we use your information',
    'Who we share your information with',
    'How we keep your information secure',
    'Monitoring and recording',
    'Applying with someone else or on their behalf',
    'Analytics and advertising features',
    'Your rights',
    'How long we keep your information',
    'Transfers outside the UK',
    'Complaints',
  ])('has the section "%s"', (name) => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  });

  it('gives the four Article 6 bases it relies on', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    const bases = section('Our lawful bases for using your information');
    expect(bases).toHaveTextContent(/Article 6 of the UK GDPR/);
    const headings = within(bases)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Contract', 'Legal obligation']));
    expect(headings).toEqual(expect.arrayContaining(['Legitimate interests', 'Consent']));
    expect(bases).toHaveTextContent(/consent before we send you marketing/);
  });

  it('lists every data-subject right', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    const rights = within(section('Your rights'))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(rights).toEqual([
      'Access',
      'Rectification',
      'Erasure',
      'Restriction',
      'Portability',
      'Objection',
      'Automated decision-making',
      'Withdrawing consent',
    ]);
  });

  it('keeps information for up to six years', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    expect(section('How long we keep your information')).toHaveTextContent(
      /for up to 6 years after your last contact with us/,
    );
  });

  it('names the transfer safeguards', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    const transfers = section('Transfers outside the UK');
    expect(transfers).toHaveTextContent(/UK adequacy regulations/);
    expect(transfers).toHaveTextContent(/International Data Transfer Agreement/);
  });

  it('explains analytics advertising features and how to opt out of them', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    const analytics = section('Analytics and advertising features');
    expect(analytics).toHaveTextContent(/advertising features of Google Analytics/);
    expect(within(analytics).getByRole('heading', { name: 'How to opt out' })).toBeInTheDocument();
    expect(
      within(analytics).getByRole('link', { name: 'tools.google.com/dlpage/gaoptout' }),
    ).toHaveAttribute('href', 'https://tools.google.com/dlpage/gaoptout');
  });

  it('covers security, monitoring and authorising someone else', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    expect(section('How we keep your information secure')).toHaveTextContent(/encrypted/);
    expect(section('Monitoring and recording')).toHaveTextContent(/record and monitor/);
    expect(section('Applying with someone else or on their behalf')).toHaveTextContent(
      /power of attorney/,
    );
  });

  it('tells people how to complain to the ICO', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    const complaints = section('Complaints');
    expect(within(complaints).getByRole('link', { name: 'ico.org.uk' })).toHaveAttribute(
      'href',
      'https://ico.org.uk/make-a-complaint/',
    );
    expect(complaints).toHaveTextContent('phone: 0303 123 1113');
  });

  it('ends with the company contact details from the prop', () => {
    render(<PrivacyContent company={TEST_COMPANY} />);
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.at(-1)).toHaveTextContent('Contact us');
    const contact = section('Contact us');
    for (const detail of Object.values(TEST_COMPANY)) {
      expect(contact).toHaveTextContent(detail);
    }
    expect(section('Who we are')).toHaveTextContent(
      `registered with the Information Commissioner's Office (ICO), registration number ${TEST_COMPANY.icoNumber}`,
    );
  });

  it('links to the cookie policy through onNavigate', () => {
    const onNavigate = vi.fn((_path: string, event: { preventDefault(): void }) => {
      event.preventDefault();
    });
    render(<PrivacyContent company={TEST_COMPANY} onNavigate={onNavigate} />);
    const link = within(section('Cookies')).getByRole('link', { name: 'cookie policy' });
    expect(link).toHaveAttribute('href', '/cookie-policy');
    fireEvent.click(link);
    expect(onNavigate).toHaveBeenCalledWith('/cookie-policy', expect.anything());
  });

  it('fits inside a modal one heading level down', () => {
    render(<PrivacyContent company={TEST_COMPANY} headingLevel={2} />);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Your rights' })).toBeInTheDocument();
  });
});
