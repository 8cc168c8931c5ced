import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_COMPANY } from './company.fixture';
import { CookieContent } from './cookies';

afterEach(cleanup);

function section(name: string): HTMLElement {
  const container = screen.getByRole('heading', { level: 2, name }).closest('section');
  if (!container) throw new Error(`${name} is not the heading of a section`);
  return container;
}

describe('CookieContent', () => {
  it('is titled Cookie policy', () => {
    render(<CookieContent company={TEST_COMPANY} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Cookie policy$/);
  });

  it('lists the strictly necessary storage: the application and the consent cookie', () => {
    render(<CookieContent company={TEST_COMPANY} />);
    const table = within(section('Strictly necessary cookies and storage')).getByRole('table', {
      name: 'Strictly necessary cookies and storage',
    });
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual(['Your application (browser session storage)', 'Cookie consent']);
  });

  it('sets analytics cookies and loads the tag manager only with consent', () => {
    render(<CookieContent company={TEST_COMPANY} />);
    const analytics = section('Analytics cookies (only if you accept them)');
    expect(analytics).toHaveTextContent(
      /If you accept analytics cookies, we load Google Tag Manager/,
    );
    expect(analytics).toHaveTextContent(
      /If you reject analytics cookies, or do not choose, none of these cookies are set/,
    );
    expect(within(analytics).getByRole('rowheader', { name: '_ga' })).toBeInTheDocument();
  });

  it('offers to change the choice when the shell can open the settings', () => {
    const onChangeCookieSettings = vi.fn();
    render(
      <CookieContent company={TEST_COMPANY} onChangeCookieSettings={onChangeCookieSettings} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change your cookie settings' }));
    expect(onChangeCookieSettings).toHaveBeenCalledTimes(1);
  });

  it('explains how to change the choice without a settings control', () => {
    render(<CookieContent company={TEST_COMPANY} />);
    const changing = section('Changing your cookie settings');
    expect(within(changing).queryByRole('button')).not.toBeInTheDocument();
    expect(changing).toHaveTextContent(/delete the cookies for this website/);
  });

  it('renders the company details from the prop', () => {
    render(<CookieContent company={TEST_COMPANY} />);
    const more = section('More information');
    for (const detail of Object.values(TEST_COMPANY)) {
      expect(more).toHaveTextContent(detail);
    }
  });

  it('fits inside a modal one heading level down', () => {
    render(<CookieContent company={TEST_COMPANY} headingLevel={2} titleId="cookie-title" />);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cookie policy' })).toHaveAttribute(
      'id',
      'cookie-title',
    );
    expect(
      screen.getByRole('heading', { level: 3, name: 'Changing your cookie settings' }),
    ).toBeInTheDocument();
  });
});
