import { create } from 'zustand';
import {
  createInitialState,
  setAnswers,
  type Answers,
  type ApplicationState,
  type StatePath,
} from '@broker/domain';
import { clearStoredState, writeStoredState } from './storage';

export interface ApplicationStore {
  application: ApplicationState;
  /** Writes one answer at a typed path ('form.addresses.0.postcode'), immutably. */
  setField: (path: StatePath, value: unknown) => void;
  /** Writes several answers as one change (one re-render, one storage write). */
  setFields: (values: Answers) => void;
  replace: (application: ApplicationState) => void;
  /** Back to the defaults of docs/product.md §3. */
  reset: () => void;
}

/** `application` with these answers written at their paths, as the store writes them. */
export function applyAnswers(application: ApplicationState, values: Answers): ApplicationState {
  return setAnswers(application, values);
}

export const useApplicationStore = create<ApplicationStore>()((set) => ({
  application: createInitialState(),
  setField: (path, value) =>
    set((store) => ({ application: applyAnswers(store.application, { [path]: value }) })),
  setFields: (values) => set((store) => ({ application: applyAnswers(store.application, values) })),
  replace: (application) => set({ application }),
  reset: () => set({ application: createInitialState() }),
}));

// Written synchronously on every change, so a reload straight after a keystroke keeps it.
useApplicationStore.subscribe((store, previous) => {
  if (store.application !== previous.application) writeStoredState(store.application);
});

/** Subscribes a component to one slice of the application. */
export function useApplication<T>(selector: (application: ApplicationState) => T): T {
  return useApplicationStore((store) => selector(store.application));
}

export function getApplication(): ApplicationState {
  return useApplicationStore.getState().application;
}

export function setField(path: StatePath, value: unknown): void {
  useApplicationStore.getState().setField(path, value);
}

export function setFields(values: Answers): void {
  useApplicationStore.getState().setFields(values);
}

/**
 * docs/product.md §4: storage is cleared after a submission's response. The store takes `next` (a fresh
 * start, so a new application in this tab gets a new key) and nothing is left in storage until
 * the visitor answers something again.
 */
export function clearSession(next: ApplicationState = createInitialState()): void {
  useApplicationStore.getState().replace(next);
  clearStoredState();
}
