import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { REPRESENTATIVE_EXAMPLE } from '@broker/domain';
import { installDialogPolyfill, pressEscape } from '../session/jsdom-dialog';
import { ModalApply } from '.';
import RepresentativeExamplePopup from './representative-example-popup';
import { representativeExampleText } from './representative-example';
import { ReviewBadge } from './review-badge';
import { POPUP_CLOSED_KEY } from './closed';

beforeAll(installDialogPolyfill);

function popUp() {
  return screen.getByRole('dialog', { name: 'Get a quote from Evo Finance' });
}

describe('the representative-example pop-up (docs/product.md §1)', () => {
  it("states SPEC's example with the domain's figures", () => {
    expect(representativeExampleText(REPRESENTATIVE_EXAMPLE)).toBe(
      'Representative example: borrowing £7,500 over 48 months at a representative APR of ' +
        '18.4% gives £216.45 a month, total cost of credit £2,889.60 and total payable £10,389.60.',
    );
  });

  it('shows the benefits, the example, the status sentence, the badge and the note', () => {
    render(<RepresentativeExamplePopup />);
    const dialog = popUp();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'No broker fees',
      'No deposit options',
      'Choose any vehicle',
      'Buy from any dealer',
    ]);
    expect(
      within(dialog).getByText(representativeExampleText(REPRESENTATIVE_EXAMPLE)),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'All finance is subject to status and income. Written quotations are available on request.',
      ),
    ).toBeInTheDocument();
    // The benefits and the example are the vehicle's, and say so.
    expect(within(dialog).getByRole('heading', { level: 3 })).toHaveTextContent('Car finance');
    // No brand names a review page of its own, so there is no badge: no link to a review
    // site's home page, no score, no stars.
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/Rated|Excellent|out of 5|Trustpilot/);
    expect(within(dialog).getByRole('button', { name: 'Get a quote' })).toHaveAccessibleDescription(
      'No impact on your credit score',
    );
  });

  it("'Get a quote' closes it and focus goes to the page's h1", () => {
    render(
      <>
        <main>
          <h1>What do you need the money for?</h1>
        </main>
        <RepresentativeExamplePopup />
      </>,
    );
    fireEvent.click(within(popUp()).getByRole('button', { name: 'Get a quote' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('Esc closes it and focus goes back to where it was', () => {
    render(
      <>
        <button type="button">Before</button>
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    render(<RepresentativeExamplePopup />);
    act(() => pressEscape(popUp() as HTMLDialogElement));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });
});

describe("the pop-up names the brand, and its vehicle section the host's vehicle type", () => {
  it.each([
    ['modal-apply.example.co.uk', 'Get a quote from Evo Finance', 'Car finance'],
    ['modal-apply.caravan-finance.co.uk', 'Get a quote from Evo Finance', 'Caravan finance'],
    ['modal-apply.leisure-loans.co.uk', 'Get a quote from Evo Finance', 'Caravan finance'],
    ['modal-apply.vanfinance.co.uk', 'Get a quote from Evo Finance', 'Van finance'],
    [
      'modal-apply.motorbike.progressive.co.uk',
      'Get a quote from Progressive Finance',
      'Motorcycle finance',
    ],
  ])('%s: %s, %s', (host, name, product) => {
    render(<RepresentativeExamplePopup host={host} />);
    expect(screen.getByRole('dialog', { name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(name);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(product);
  });
});

describe('once closed, the pop-up stays closed in this tab', () => {
  it('is not fetched again on the next load of a page in the same tab', async () => {
    sessionStorage.removeItem(POPUP_CLOSED_KEY);
    const first = render(<ModalApply host="modal-apply.example.co.uk" />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get a quote' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    render(<ModalApply host="modal-apply.example.co.uk" />);
    await act(async () => {
      await import('./representative-example-popup');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    sessionStorage.removeItem(POPUP_CLOSED_KEY);
  });
});

describe('the review badge', () => {
  const SITE = { name: 'Trustpilot', url: 'https://uk.trustpilot.com/review/example.co.uk' };

  it('shows a configured rating with its count, date and link, and whole stars rounded down', () => {
    render(
      <ReviewBadge
        badge={{
          kind: 'rating',
          site: SITE,
          score: 4.7,
          reviewCount: 1234,
          asOf: '2026-11-01',
          url: 'https://uk.trustpilot.com/review/example.co.uk',
        }}
      />,
    );
    expect(screen.getByRole('img', { name: '4.7 out of 5 stars' })).toBeInTheDocument();
    expect(document.querySelectorAll('.review-badge__star')).toHaveLength(4);
    expect(screen.getByText(/^Rated/)).toHaveTextContent(
      'Rated 4.7 out of 5 on Trustpilot from 1,234 reviews, as at 1 November 2026. Read our reviews on Trustpilot (opens in a new tab)',
    );
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      'https://uk.trustpilot.com/review/example.co.uk',
    );
  });
});

describe('ModalApply', () => {
  it("loads the pop-up only on a host whose first label is 'modal-apply'", async () => {
    const { unmount } = render(<ModalApply host="progressive.localhost:3100" />);
    await act(async () => {
      await import('./representative-example-popup');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<ModalApply host="quote.example.co.uk" />);
    await act(async () => {
      await import('./representative-example-popup');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    render(<ModalApply host="modal-apply.example.co.uk" />);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
