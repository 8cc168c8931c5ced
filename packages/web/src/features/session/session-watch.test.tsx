import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createInitialState } from '@broker/domain';
import { STORAGE_KEY, writeStoredState } from '../../state/storage';
import { installDialogPolyfill, pressEscape } from './jsdom-dialog';
import SessionWatch from './session-watch';
import { EXPIRED_MESSAGE, sessionSchedule, SESSION_TIMINGS, timeLeftText } from './timings';

const MINUTE = 60_000;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function overlay() {
  return screen.getByTestId('idle-overlay');
}

function warning() {
  return screen.queryByRole('alertdialog', { name: 'Your session will expire soon' });
}

function expired() {
  return screen.queryByRole('alertdialog', { name: 'Session Timeout' });
}

function countdown() {
  return within(warning()!).getByText(/^For your security/);
}

function storeAnAnswer() {
  const state = createInitialState();
  state.form.firstName = 'Ada';
  writeStoredState(state);
}

beforeAll(installDialogPolyfill);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the session timings (docs/product.md §4, docs/design.md D13)', () => {
  it('are 60 s, 8 minutes and 10 minutes, with the time left changing every 15 s', () => {
    expect(SESSION_TIMINGS).toEqual({
      overlayMs: 60_000,
      warningMs: 480_000,
      expiryMs: 600_000,
      countdownStepMs: 15_000,
    });
    const schedule = sessionSchedule(SESSION_TIMINGS);
    expect(schedule.thresholds[0]).toBe(60_000);
    expect(schedule.thresholds.at(-1)).toBe(600_000);
    expect(schedule.thresholds.slice(1, 4)).toEqual([480_000, 495_000, 510_000]);
  });

  it('refuse an order that makes no sense', () => {
    expect(() => sessionSchedule({ ...SESSION_TIMINGS, warningMs: 700_000 })).toThrow(RangeError);
    expect(() => sessionSchedule({ ...SESSION_TIMINGS, overlayMs: 500_000 })).toThrow(RangeError);
  });

  it.each([
    [120_000, '2 minutes'],
    [105_000, '1 minute 45 seconds'],
    [60_000, '1 minute'],
    [15_000, '15 seconds'],
    [1_000, '1 second'],
    [400, '1 second'],
  ])('%i ms left reads %s', (ms, text) => {
    expect(timeLeftText(ms)).toBe(text);
  });
});

describe('SessionWatch', () => {
  it('shows the idle overlay after 60 s, hidden from assistive technology, until activity', () => {
    render(<SessionWatch onRestart={vi.fn()} />);
    expect(overlay()).not.toBeVisible();
    expect(overlay()).toHaveAttribute('aria-hidden', 'true');
    advance(59_999);
    expect(overlay()).not.toBeVisible();
    advance(1);
    expect(overlay()).toBeVisible();
    expect(overlay()).toHaveTextContent('Still there?');
    fireEvent.pointerMove(document.body);
    expect(overlay()).not.toBeVisible();
    advance(MINUTE);
    expect(overlay()).toBeVisible();
    fireEvent.keyDown(document.body, { key: 'Shift' });
    expect(overlay()).not.toBeVisible();
  });

  it('warns at 8 minutes, counts down every 15 s, and Continue gives the full time again', () => {
    render(<SessionWatch onRestart={vi.fn()} />);
    advance(8 * MINUTE - 1);
    expect(warning()).not.toBeInTheDocument();
    advance(1);
    expect(warning()).toBeInTheDocument();
    expect(overlay()).not.toBeVisible();
    expect(countdown()).toHaveTextContent(
      'For your security, your session will expire in 2 minutes.',
    );
    expect(countdown()).toHaveAttribute('aria-live', 'polite');
    expect(warning()).toHaveAccessibleDescription(
      'For your security, your session will expire in 2 minutes. Your answers will then be ' +
        'cleared. If you need more time, continue your application.',
    );
    const button = within(warning()!).getByRole('button', { name: 'Continue application' });
    expect(button).toHaveFocus();

    // Not every second: a screen reader would be talked over.
    advance(14_999);
    expect(countdown()).toHaveTextContent('expire in 2 minutes.');
    advance(1);
    expect(countdown()).toHaveTextContent('expire in 1 minute 45 seconds.');
    // A stray movement is not a decision to continue.
    fireEvent.pointerMove(document.body);
    advance(90_000);
    expect(countdown()).toHaveTextContent('expire in 15 seconds.');

    fireEvent.click(button);
    expect(warning()).not.toBeInTheDocument();
    advance(8 * MINUTE - 1);
    expect(warning()).not.toBeInTheDocument();
    advance(1);
    expect(warning()).toBeInTheDocument();
  });

  it('Esc on the warning also continues', () => {
    render(<SessionWatch onRestart={vi.fn()} />);
    advance(9 * MINUTE);
    act(() => pressEscape(warning() as HTMLDialogElement));
    expect(warning()).not.toBeInTheDocument();
    advance(8 * MINUTE - 1);
    expect(warning()).not.toBeInTheDocument();
    expect(expired()).not.toBeInTheDocument();
  });

  it("at 10 minutes shows 'Session Timeout' with SPEC's words and clears the stored answers", () => {
    storeAnAnswer();
    const onRestart = vi.fn();
    render(<SessionWatch onRestart={onRestart} />);
    advance(10 * MINUTE - 1);
    expect(expired()).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toContain('Ada');
    advance(1);
    const dialog = expired()!;
    expect(warning()).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(
      /^Session Timeout$/,
    );
    expect(within(dialog).getByText(EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(EXPIRED_MESSAGE).toBe("Your Session has expired, please click 'OK' to continue.");
    expect(dialog).toHaveAccessibleDescription(EXPIRED_MESSAGE);
    // A reload of an unattended page must not bring the answers back.
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    // Activity does not make it go away.
    fireEvent.pointerMove(document.body);
    expect(expired()).toBeInTheDocument();

    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    fireEvent.click(ok);
    expect(onRestart).toHaveBeenCalledTimes(1);
  });

  it('Esc on the expiry modal does what OK does', () => {
    const onRestart = vi.fn();
    render(<SessionWatch onRestart={onRestart} />);
    advance(10 * MINUTE);
    act(() => pressEscape(expired() as HTMLDialogElement));
    expect(onRestart).toHaveBeenCalledTimes(1);
  });

  it('takes its timings from the caller', () => {
    render(
      <SessionWatch
        onRestart={vi.fn()}
        timings={{ overlayMs: 1_000, warningMs: 2_000, expiryMs: 3_000, countdownStepMs: 500 }}
      />,
    );
    advance(1_000);
    expect(overlay()).toBeVisible();
    advance(1_000);
    expect(countdown()).toHaveTextContent('expire in 1 second.');
    advance(1_000);
    expect(expired()).toBeInTheDocument();
  });
});
