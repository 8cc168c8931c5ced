import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (and of the store it watches): nobody has pressed anything yet. */
async function freshModules() {
  vi.resetModules();
  const { useNextScreenPreload } = await import('./preload-next-screen');
  const { setField } = await import('../../../state/application-store');
  return { useNextScreenPreload, setField };
}

function press() {
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useNextScreenPreload', () => {
  it('fetches nothing before the first press or key, then the next screen in an idle moment', async () => {
    const { useNextScreenPreload } = await freshModules();
    const preload = vi.fn();
    renderHook(() => useNextScreenPreload(predictAlways('/date-of-birth?change=1'), preload));
    act(() => {
      vi.runAllTimers();
    });
    expect(preload).not.toHaveBeenCalled();

    press();
    expect(preload).not.toHaveBeenCalled();
    act(() => {
      vi.runAllTimers();
    });
    expect(preload).toHaveBeenCalledExactlyOnceWith('/date-of-birth');
  });

  it('counts a key press as engaging too', async () => {
    const { useNextScreenPreload } = await freshModules();
    const preload = vi.fn();
    renderHook(() => useNextScreenPreload(predictAlways('/contact'), preload));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    act(() => {
      vi.runAllTimers();
    });
    expect(preload).toHaveBeenCalledExactlyOnceWith('/contact');
  });

  it('guesses again at the screen’s first answer, then once per idle moment', async () => {
    const { useNextScreenPreload, setField } = await freshModules();
    let next = '/personal';
    const predict = vi.fn(() => next);
    const preload = vi.fn();
    renderHook(() => useNextScreenPreload(predict, preload));
    press();
    act(() => {
      vi.runAllTimers();
    });
    expect(preload).toHaveBeenLastCalledWith('/personal');

    next = '/address/2';
    setField('form.addresses.0.yearsAtAddress', 1);
    expect(preload).toHaveBeenLastCalledWith('/address/2');

    next = '/personal';
    setField('form.addresses.0.yearsAtAddress', 10);
    setField('form.addresses.0.monthsAtAddress', 2);
    expect(preload).toHaveBeenLastCalledWith('/address/2');
    act(() => {
      vi.runAllTimers();
    });
    expect(predict).toHaveBeenCalledTimes(3);
    expect(preload).toHaveBeenLastCalledWith('/personal');
  });

  it('makes a waiting guess at once when Continue is pressed; nothing when it is up to date', async () => {
    const { useNextScreenPreload, setField } = await freshModules();
    const preload = vi.fn();
    const { result } = renderHook(() => useNextScreenPreload(predictAlways('/joint'), preload));
    press();
    setField('form.firstName', 'Ada');
    expect(preload).toHaveBeenCalledTimes(1);
    setField('form.lastName', 'Lovelace');
    act(() => {
      result.current();
    });
    expect(preload).toHaveBeenCalledTimes(2);

    act(() => {
      vi.runAllTimers();
    });
    act(() => {
      result.current();
    });
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it('ignores a guess that fails, and fetches nothing for a step that does not navigate', async () => {
    const { useNextScreenPreload } = await freshModules();
    const preload = vi.fn();
    const failing = () => {
      throw new Error('no next step');
    };
    renderHook(() => useNextScreenPreload(failing, preload));
    renderHook(() => useNextScreenPreload(null, preload));
    press();
    expect(() => act(() => vi.runAllTimers())).not.toThrow();
    expect(preload).not.toHaveBeenCalled();
  });

  it('counts an answer as engaging, and guesses from it at once', async () => {
    const { useNextScreenPreload, setField } = await freshModules();
    const preload = vi.fn();
    renderHook(() => useNextScreenPreload(predictAlways('/personal'), preload));
    act(() => {
      vi.runAllTimers();
    });
    expect(preload).not.toHaveBeenCalled();
    setField('form.email', 'ada@example.com');
    expect(preload).toHaveBeenCalledExactlyOnceWith('/personal');
  });

  it('stops when the screen goes', async () => {
    const { useNextScreenPreload, setField } = await freshModules();
    const preload = vi.fn();
    const { unmount } = renderHook(() => useNextScreenPreload(predictAlways('/optins'), preload));
    press();
    unmount();
    setField('form.firstName', 'Ada');
    act(() => {
      vi.runAllTimers();
    });
    expect(preload).not.toHaveBeenCalled();
  });
});

/** A stable guess (the hook's `predict` must not change on every render). */
function predictAlways(path: string): () => string {
  const cached = guesses.get(path) ?? (() => path);
  guesses.set(path, cached);
  return cached;
}
const guesses = new Map<string, () => string>();
