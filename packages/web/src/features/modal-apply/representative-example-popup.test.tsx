import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { REPRESENTATIVE_EXAMPLE } from '@broker/domain';
import { installDialogPolyfill, pressEscape } from '../session/jsdom-dialog';
import { ModalApply } from '.';
import RepresentativeExamplePopup from './representative-example-popup';
import { representativeExampleText } from './representative-example';

beforeAll(installDialogPolyfill);

function popUp() {
  return screen.getByRole('dialog', { name: 'Car finance with Evo Finance' });
}

describe('the representative-example pop-up (SPEC §1)', () => {
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
    expect(within(dialog).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
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

describe('ModalApply', () => {
  it("loads the pop-up only on a host whose first label is 'quote'", async () => {
    const { unmount } = render(<ModalApply host="progressive.localhost:3100" />);
    await act(async () => {
      await import('./representative-example-popup');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<ModalApply host="quote.example.co.uk" />);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
