export * from './state.js';
export * from './postcode.js';
export * from './phone.js';
