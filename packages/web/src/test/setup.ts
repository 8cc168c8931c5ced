import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { createInitialState } from '@broker/domain';
import { useApplicationStore } from '../state/application-store';

// jsdom has no layout: scrolling is a no-op here.
Element.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

beforeEach(() => {
  window.sessionStorage.clear();
  useApplicationStore.setState({ application: createInitialState() });
});

afterEach(() => {
  cleanup();
});
