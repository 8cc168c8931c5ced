import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMemo } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ACTIVITY_EVENTS, ACTIVITY_THROTTLE_MS, watchActivity } from './activity';
import type { Clock } from './clock';
import { stageAt, useIdleStage, type IdleOptions } from './use-idle';

function IdleProbe({ idleMs = 10_000, options }: { idleMs?: number; options?: IdleOptions }) {
  const thresholds = useMemo(() => [idleMs], [idleMs]);
  return <p>{useIdleStage(thresholds, options).stage > 0 ? 'idle' : 'active'}</p>;
}

const STAGES = [1_000, 5_000, 9_000] as const;

function StageProbe({ options }: { options?: IdleOptions }) {
  const { stage, reset } = useIdleStage(STAGES, options);
  return (
    <>
      <p>stage {stage}</p>
      <button type="button" onClick={reset}>
        reset
      </button>
    </>
  );
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  fireEvent(document, new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('stageAt', () => {
  it('counts the thresholds reached', () => {
    expect(stageAt(STAGES, 0)).toBe(0);
    expect(stageAt(STAGES, 999)).toBe(0);
    expect(stageAt(STAGES, 1_000)).toBe(1);
    expect(stageAt(STAGES, 8_999)).toBe(2);
    expect(stageAt(STAGES, 60_000)).toBe(3);
    expect(stageAt([], 60_000)).toBe(0);
  });
});

describe('watchActivity', () => {
  it('listens passively, in the capture phase, to pointer, key, wheel, scroll and touch', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const stop = watchActivity(() => undefined);
    for (const type of ACTIVITY_EVENTS) {
      expect(add).toHaveBeenCalledWith(type, expect.any(Function), {
        passive: true,
        capture: true,
      });
    }
    expect([...ACTIVITY_EVENTS].sort()).toEqual(
      ['keydown', 'pointerdown', 'pointermove', 'scroll', 'touchstart', 'wheel'].sort(),
    );
    stop();
    expect(remove).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length);
    add.mockRestore();
    remove.mockRestore();
  });

  it('reports the first event, then at most one a second', () => {
    const onActivity = vi.fn();
    const stop = watchActivity(onActivity);
    fireEvent.pointerMove(document.body);
    fireEvent.pointerMove(document.body);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS - 1);
    fireEvent.scroll(window);
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    fireEvent.scroll(window);
    expect(onActivity).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(onActivity).toHaveBeenCalledTimes(2);
  });
});

describe('useIdleStage with one threshold', () => {
  it('turns idle after the threshold and active at the next activity', () => {
    render(<IdleProbe />);
    advance(9_999);
    expect(screen.getByText('active')).toBeInTheDocument();
    advance(1);
    expect(screen.getByText('idle')).toBeInTheDocument();
    fireEvent.pointerMove(document.body);
    expect(screen.getByText('active')).toBeInTheDocument();
    advance(10_000);
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it.each([
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['a pointer press', () => fireEvent.pointerDown(document.body)],
    ['a touch', () => fireEvent.touchStart(document.body)],
    ['a scroll', () => fireEvent.scroll(window)],
    ['the mouse wheel', () => fireEvent.wheel(document.body)],
  ])('counts %s as activity', (_name, trigger) => {
    render(<IdleProbe idleMs={60_000} />);
    advance(59_000);
    act(() => {
      trigger();
    });
    advance(59_000);
    expect(screen.getByText('active')).toBeInTheDocument();
    advance(1_000);
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('counts coming back to the tab as activity', () => {
    render(<IdleProbe idleMs={60_000} />);
    advance(30_000);
    act(() => setVisibility('hidden'));
    advance(20_000);
    act(() => setVisibility('visible'));
    advance(59_999);
    expect(screen.getByText('active')).toBeInTheDocument();
    advance(1);
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('uses the injected clock for the time and the timers', () => {
    let now = 0;
    const timers = new Map<number, { at: number; run: () => void }>();
    let nextId = 1;
    const clock: Clock = {
      now: () => now,
      setTimeout: (run, ms) => {
        timers.set(nextId, { at: now + ms, run });
        return nextId++;
      },
      clearTimeout: (id) => void timers.delete(id),
    };
    const tick = (ms: number) =>
      act(() => {
        now += ms;
        for (const [id, timer] of [...timers]) {
          if (timer.at <= now) {
            timers.delete(id);
            timer.run();
          }
        }
      });
    render(<IdleProbe idleMs={5_000} options={{ clock }} />);
    // The page's own timers play no part.
    advance(60_000);
    expect(screen.getByText('active')).toBeInTheDocument();
    tick(4_999);
    expect(screen.getByText('active')).toBeInTheDocument();
    tick(1);
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('stops listening and clears its timer when unmounted', () => {
    const { unmount } = render(<IdleProbe />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('useIdleStage', () => {
  it('moves through the stages on one timer at a time, and lands right after a long gap', () => {
    render(<StageProbe />);
    expect(vi.getTimerCount()).toBe(1);
    advance(1_000);
    expect(screen.getByText('stage 1')).toBeInTheDocument();
    advance(4_000);
    expect(screen.getByText('stage 2')).toBeInTheDocument();
    advance(4_000);
    expect(screen.getByText('stage 3')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('judges by the clock when the timer is late (a throttled background tab)', () => {
    render(<StageProbe />);
    // The clock jumps without the timers running, as in a suspended tab.
    act(() => {
      vi.setSystemTime(Date.now() + 9_500);
    });
    advance(1_000);
    expect(screen.getByText('stage 3')).toBeInTheDocument();
  });

  it('from the held stage on, only reset() starts again; activity does not', () => {
    render(<StageProbe options={{ holdFrom: 2 }} />);
    advance(5_000);
    expect(screen.getByText('stage 2')).toBeInTheDocument();
    fireEvent.pointerMove(document.body);
    expect(screen.getByText('stage 2')).toBeInTheDocument();
    advance(4_000);
    expect(screen.getByText('stage 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByText('stage 0')).toBeInTheDocument();
    advance(1_000);
    expect(screen.getByText('stage 1')).toBeInTheDocument();
    // Below the held stage, activity still counts.
    fireEvent.pointerMove(document.body);
    expect(screen.getByText('stage 0')).toBeInTheDocument();
  });

  it('returning to the tab after the held stage was due shows that stage, not a reset', () => {
    render(<StageProbe options={{ holdFrom: 2 }} />);
    act(() => setVisibility('hidden'));
    act(() => {
      vi.setSystemTime(Date.now() + 20_000);
    });
    act(() => setVisibility('visible'));
    expect(screen.getByText('stage 3')).toBeInTheDocument();
  });
});
