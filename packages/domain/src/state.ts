// Kept so that `./state.js` imports keep working: the state now lives in journey/ (shape,
// option lists, defaults, restore; docs/architecture.md).
export * from './journey/options.js';
export * from './journey/shape.js';
export * from './journey/defaults.js';
export * from './journey/restore.js';
