import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_WATCH_LOAD_BY_MS, SessionTimeout } from './index';

// When this module (the page) started, as index.tsx counts it.
const pageStart = Date.now();

async function advanceTo(msSincePageStart: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(Math.max(0, pageStart + msSincePageStart - Date.now()));
  });
}

// Decision 0045: the watch's chunk is fetched at the visitor's first activity, or 30 s after
// the page started; idle time still counts from the page's start.
describe('SessionTimeout on a page nobody touches', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: pageStart });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches the watch only at 30 s, and still shows the idle overlay at 60 s', async () => {
    render(<SessionTimeout />);
    await advanceTo(SESSION_WATCH_LOAD_BY_MS - 1_000);
    expect(screen.queryByTestId('idle-overlay')).toBeNull();

    await advanceTo(SESSION_WATCH_LOAD_BY_MS);
    await vi.waitFor(() => expect(screen.getByTestId('idle-overlay')).toBeInTheDocument());
    expect(screen.getByTestId('idle-overlay')).not.toBeVisible();

    await advanceTo(59_000);
    expect(screen.getByTestId('idle-overlay')).not.toBeVisible();
    await advanceTo(60_000);
    expect(screen.getByTestId('idle-overlay')).toBeVisible();
  });
});
