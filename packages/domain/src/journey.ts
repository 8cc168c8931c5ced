// Kept so that `./journey.js` imports keep working: the journey now lives in journey/
// (docs/architecture.md).
export * from './journey/index.js';
