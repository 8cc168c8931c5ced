// What progress.ts and its test read, until they import journey/ like every other module: kept
// only so that a branch editing progress.ts merges without a conflict (docs/architecture.md).
export type { ApplicationState } from './journey/shape.js';
export { createInitialState } from './journey/defaults.js';
