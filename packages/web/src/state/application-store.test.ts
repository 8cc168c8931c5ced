import { describe, expect, it } from 'vitest';
import { createInitialState, serialiseState, type StatePath } from '@broker/domain';
import {
  clearSession,
  getApplication,
  setField,
  setFields,
  useApplicationStore,
} from './application-store';
import { readStoredState, STORAGE_KEY } from './storage';

describe('the application store', () => {
  it('writes a dotted path immutably, copying only the objects on the path', () => {
    const before = getApplication();
    setField('form.addresses.0.postcode', 'LS1 4AB');
    const after = getApplication();
    expect(after.form.addresses[0]?.postcode).toBe('LS1 4AB');
    expect(before.form.addresses[0]?.postcode).toBeNull();
    expect(after.form.joint).toBe(before.form.joint);
    expect(after.form.addresses).not.toBe(before.form.addresses);
  });

  it('creates a whole empty entry when a path goes past the end of a list', () => {
    setField('form.addresses.1.postcode', 'M1 1AA');
    expect(getApplication().form.addresses[1]).toEqual({
      ...createInitialState().form.addresses[0],
      postcode: 'M1 1AA',
    });
  });

  it('refuses a path that could reach the prototype', () => {
    // A path from outside the typed set (a tampered value, say) must still be refused.
    expect(() => setField('form.__proto__.polluted' as StatePath, true)).toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes every change to sessionStorage at once, under one key', () => {
    setField('form.firstName', 'Ada');
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as {
      version: string;
      form: { firstName: string };
    };
    expect(stored.version).toBe('1.0.0');
    expect(stored.form.firstName).toBe('Ada');
  });

  it('restores every answer after a reload', () => {
    setFields({ 'form.firstName': 'Ada', dobDay: '07', 'form.employments.0.yearsAtEmployer': 3 });
    const restored = readStoredState();
    expect(restored).toEqual(getApplication());
  });

  it('does not restore a state stored under another version', () => {
    const old = { ...JSON.parse(serialiseState(createInitialState())), version: '0.9.0' } as object;
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(old));
    expect(readStoredState()).toBeNull();
  });

  it('reset() goes back to the defaults; clearSession() leaves storage empty', () => {
    setField('form.firstName', 'Ada');
    useApplicationStore.getState().reset();
    expect(getApplication()).toEqual(createInitialState());
    setField('form.firstName', 'Ada');
    clearSession();
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(getApplication().form.firstName).toBeNull();
  });
});
