import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_COMPANY } from '../../content/company.fixture';
import { LegalButton, useLegalModal, type LegalDocument } from './legal-modal';

vi.mock('../../api/config', () => ({
  useConfig: () => ({ company: TEST_COMPANY }),
  loadConfig: () => Promise.resolve(null),
}));

// jsdom has no modal dialogs: enough of showModal() and close() for the component's use.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

function Screen({ document }: { document: LegalDocument }) {
  const legal = useLegalModal([document]);
  return (
    <>
      <p>
        Read our <LegalButton onClick={() => legal.open(document)}>{document} text</LegalButton>.
      </p>
      {legal.modal}
    </>
  );
}

function dialog(): HTMLDialogElement {
  const element = document.querySelector('dialog');
  if (!element) throw new Error('no dialog');
  return element;
}

describe('legal texts in a dialog', () => {
  it('opens the privacy policy, named by its own title, with the company’s details', async () => {
    const user = userEvent.setup();
    render(<Screen document="privacy" />);
    expect(dialog()).not.toHaveAttribute('open');
    const button = screen.getByRole('button', { name: 'privacy text' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');

    await user.click(button);
    expect(dialog()).toHaveAttribute('open');
    // The text arrives in its own chunk; its title names the dialog, as the stand-in did.
    await screen.findByText(/^Last updated/);
    const title = screen.getByRole('heading', { level: 2, name: 'Privacy policy' });
    expect(dialog()).toHaveAttribute('aria-labelledby', title.id);
    expect(dialog()).toHaveTextContent(TEST_COMPANY.name);
  });

  it('follows a link to another legal text inside the dialog, without leaving the page', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/submit');
    render(<Screen document="terms" />);
    await user.click(screen.getByRole('button', { name: 'terms text' }));
    await screen.findByText(/^Last updated/);
    expect(screen.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeVisible();

    await user.click(screen.getAllByRole('link', { name: 'privacy policy' })[0]!);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Privacy policy' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terms & Conditions' })).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/submit');
  });

  it('closes with its Close button and opens on the chosen text again', async () => {
    const user = userEvent.setup();
    render(<Screen document="cookies" />);
    const button = screen.getByRole('button', { name: 'cookies text' });
    await user.click(button);
    await screen.findByRole('heading', { level: 2, name: 'Cookie policy' });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog()).not.toHaveAttribute('open'));
    expect(screen.queryByRole('heading', { name: 'Cookie policy' })).not.toBeInTheDocument();

    await user.click(button);
    expect(await screen.findByRole('heading', { level: 2, name: 'Cookie policy' })).toBeVisible();
  });
});
