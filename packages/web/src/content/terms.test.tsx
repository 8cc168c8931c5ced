import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_COMPANY } from './company.fixture';
import { TermsContent } from './terms';

afterEach(cleanup);

function section(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { name });
  const container = heading.closest('section');
  if (!container) throw new Error(`${name} is not the heading of a section`);
  return container;
}

describe('TermsContent', () => {
  it('is titled exactly Terms & Conditions', () => {
    render(<TermsContent company={TEST_COMPANY} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Terms & Conditions$/);
  });

  it.each([
    'Acceptance of these terms',
    'Using this website',
    'Links to other websites',
    'How we use your personal information',
    'Disclaimer and limitation of liability',
    'Privacy policy',
    'General terms',
  ])('has the SPEC section "%s"', (name) => {
    render(<TermsContent company={TEST_COMPANY} />);
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  });

  it.each([
    ['Credit searches', /soft search/],
    ['Credit searches', /hard search/],
    ['Automated credit scoring', /automated credit scoring/i],
    ['Marketing contact', /only send you marketing .* if you agree/],
    ['Sharing with lenders and fraud prevention agencies', /fraud prevention agencies/],
    ['Sharing with lenders and fraud prevention agencies', /lenders on our panel/],
  ])('covers %s in the personal-information section (%s)', (name, text) => {
    render(<TermsContent company={TEST_COMPANY} />);
    const personal = section('How we use your personal information');
    expect(within(personal).getByRole('heading', { level: 3, name })).toBeInTheDocument();
    expect(personal).toHaveTextContent(text);
  });

  it('states broker status, FCA authorisation, commission and the subject-to-status text', () => {
    render(<TermsContent company={TEST_COMPANY} />);
    const who = section('Who we are');
    expect(who).toHaveTextContent('We are a credit broker, not a lender.');
    expect(who).toHaveTextContent(
      `${TEST_COMPANY.name} is authorised and regulated by the Financial Conduct Authority (FCA), firm reference number ${TEST_COMPANY.fcaNumber}.`,
    );
    expect(who).toHaveTextContent(
      'All finance is subject to status and income. Written quotations are available on request.',
    );
    expect(who).toHaveTextContent(
      'your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.',
    );
    const paid = section('How we are paid');
    expect(paid).toHaveTextContent(/receive a commission from the lender/);
    expect(paid).toHaveTextContent('You can ask us how much commission we will receive.');
  });

  it('caps liability at £100 without excluding what the law does not allow', () => {
    render(<TermsContent company={TEST_COMPANY} />);
    const liability = section('Disclaimer and limitation of liability');
    expect(liability).toHaveTextContent(/limited to £100\./);
    expect(liability).toHaveTextContent(/death or personal injury caused by our negligence/);
  });

  it('chooses English law and links to the privacy policy', () => {
    render(<TermsContent company={TEST_COMPANY} />);
    expect(section('General terms')).toHaveTextContent(/governed by the law of England and Wales/);
    expect(
      within(section('Privacy policy')).getByRole('link', { name: 'privacy policy' }),
    ).toHaveAttribute('href', '/privacy-policy');
  });

  it('renders every company detail from the prop', () => {
    render(<TermsContent company={TEST_COMPANY} />);
    const contact = section('Contact us');
    const terms = within(contact)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(contact)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      Company: TEST_COMPANY.name,
      'Registered office': TEST_COMPANY.address,
      'Company number': `${TEST_COMPANY.number} (registered in England and Wales)`,
      'Financial Conduct Authority firm reference number': TEST_COMPANY.fcaNumber,
      "Information Commissioner's Office registration number": TEST_COMPANY.icoNumber,
      Email: TEST_COMPANY.email,
      Phone: TEST_COMPANY.phone,
    });
    expect(within(contact).getByRole('link', { name: TEST_COMPANY.email })).toHaveAttribute(
      'href',
      `mailto:${TEST_COMPANY.email}`,
    );
    expect(within(contact).getByRole('link', { name: TEST_COMPANY.phone })).toHaveAttribute(
      'href',
      'tel:01134960999',
    );
    expect(section('Who we are')).toHaveTextContent(`company number ${TEST_COMPANY.number}`);
  });

  it('moves every heading down a level inside a modal and names the title for the dialog', () => {
    render(<TermsContent company={TEST_COMPANY} headingLevel={2} titleId="terms-title" />);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toHaveAttribute(
      'id',
      'terms-title',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'General terms' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Credit searches' })).toBeInTheDocument();
  });

  it('hands links to other legal pages to onNavigate', () => {
    const onNavigate = vi.fn((_path: string, event: { preventDefault(): void }) => {
      event.preventDefault();
    });
    render(<TermsContent company={TEST_COMPANY} onNavigate={onNavigate} />);
    fireEvent.click(within(section('Privacy policy')).getByRole('link', { name: 'cookie policy' }));
    expect(onNavigate).toHaveBeenCalledWith('/cookie-policy', expect.anything());
  });

  it('jumps to a section from the contents list by moving focus to its heading', () => {
    render(<TermsContent company={TEST_COMPANY} />);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    fireEvent.click(within(contents).getByRole('link', { name: 'General terms' }));
    expect(screen.getByRole('heading', { level: 2, name: 'General terms' })).toHaveFocus();
  });
});
