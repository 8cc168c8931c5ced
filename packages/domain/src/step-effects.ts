// Kept so that `./step-effects.js` imports keep working; the effects live in the journey's table.
export { answersImpliedBy } from './journey/effects.js';
