import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installDialogPolyfill, pressEscape } from '../session/jsdom-dialog';
import { REPOSSESSION_WARNING, RepossessionWarning } from './repossession-warning';
import { formatPercent, SecuredRepresentativeExample } from './secured-example';
import { SecuredLoanDisclosure } from './secured-loan-disclosure';
import { Explainer } from './explainer';
import { BreathingSpaceInfo } from './breathing-space-info';
import { SoftSearchInfo } from './soft-search-info';

beforeAll(installDialogPolyfill);

describe('the secured-loan notices', () => {
  it('words the repossession warning exactly as docs/design.md D11, read out as a warning', () => {
    render(<RepossessionWarning />);
    expect(REPOSSESSION_WARNING).toBe(
      'Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.',
    );
    expect(screen.getByText(/Your home may be repossessed/)).toHaveTextContent(
      `Warning: ${REPOSSESSION_WARNING}`,
    );
  });

  it('shows every figure of the docs/product.md §9 secured example as configured', () => {
    render(<SecuredRepresentativeExample />);
    const example = screen.getByRole('region', { name: 'Representative example' });
    expect(within(example).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Representative example',
    );
    for (const text of [
      '£26,600 over 180 months at a variable rate of 19.56% a year.',
      '£484.00',
      '£2,660.00 (10%)',
      '£763 England and Wales / £1,051 Scotland / £1,736 Northern Ireland',
      '£87,030.00',
      'Representative 28.96% APRC',
    ]) {
      expect(within(example).getByText(text)).toBeInTheDocument();
    }
    expect(example).toHaveTextContent('Rates from 11.7% to 46.5%. Maximum 50% APRC.');
    const terms = within(example)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Monthly repayment', 'Product fee', 'Lending fee', 'Total repayable']);
  });

  it('formats no figure while rendering: the frame renders the example on every secured step', () => {
    // Intl.NumberFormat's `format` is a getter that hands out the bound function.
    const formats = Intl.NumberFormat.prototype as unknown as { readonly format: unknown };
    const format = vi.spyOn(formats, 'format', 'get');
    const toFixed = vi.spyOn(Number.prototype, 'toFixed');
    try {
      render(<SecuredRepresentativeExample />);
      expect(screen.getByText('£87,030.00')).toBeInTheDocument();
      expect(format).not.toHaveBeenCalled();
      expect(toFixed).not.toHaveBeenCalled();
    } finally {
      format.mockRestore();
      toFixed.mockRestore();
    }
  });

  it('writes rates as people read them', () => {
    expect(formatPercent(0.1956)).toBe('19.56%');
    expect(formatPercent(0.117)).toBe('11.7%');
    expect(formatPercent(0.2896)).toBe('28.96%');
    expect(formatPercent(0.5)).toBe('50%');
  });

  it('gives the step frame the warning and the example as its two parts', () => {
    render(
      <>
        <SecuredLoanDisclosure.Warning />
        <SecuredLoanDisclosure.Example />
      </>,
    );
    expect(screen.getByText(/Your home may be repossessed/)).toHaveTextContent(
      `Warning: ${REPOSSESSION_WARNING}`,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Representative example' })).toBeVisible();
  });
});

describe('Explainer', () => {
  it('opens its dialog from a button, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <Explainer trigger="What is a soft search?" title="What is a soft search?">
        <SoftSearchInfo />
      </Explainer>,
    );
    const opener = screen.getByRole('button', { name: 'What is a soft search?' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'What is a soft search?' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText('It does not affect your credit score.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Experian, Equifax and TransUnion');
    expect(dialog).toHaveTextContent('hard search');
    expect(dialog).toHaveTextContent('visible only to you');

    pressEscape(dialog as HTMLDialogElement);
    expect(dialog).not.toHaveAttribute('open');
  });
});

describe('BreathingSpaceInfo', () => {
  it('explains the scheme, its two kinds, what it pauses, who applies and why lenders ask', () => {
    const { container } = render(<BreathingSpaceInfo />);
    const text = container.textContent ?? '';
    expect(text).toContain('Breathing Space, the Debt Respite Scheme');
    expect(text).toContain('standard breathing space lasts up to 60 days');
    expect(text).toContain('mental health crisis breathing space');
    expect(text).toContain('Interest, fees and charges on the debts it covers are paused.');
    expect(text).toContain('Creditors must stop enforcement action');
    expect(text).toContain('A debt adviser applies for you');
    expect(text).toContain('Why lenders need to know');
  });
});
