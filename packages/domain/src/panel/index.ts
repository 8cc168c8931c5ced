export * from './schema.js';
export * from './evaluate.js';
