import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { createInitialState, loadStepCopy } from '@broker/domain';
import { useApplicationStore } from '../state/application-store';

// jsdom has no layout: scrolling is a no-op here.
Element.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

// Screens rendered on their own, without their route, which fetches the journey's copy with them
// (docs/decisions/0045-journey-copy-out-of-the-first-screen.md).
await loadStepCopy();

beforeEach(() => {
  window.sessionStorage.clear();
  useApplicationStore.setState({ application: createInitialState() });
});

afterEach(() => {
  cleanup();
});
