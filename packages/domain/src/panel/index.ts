export * from './schema.js';
export * from './evaluate.js';
export * from './branches.js';
