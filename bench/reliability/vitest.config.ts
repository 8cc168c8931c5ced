import { defineProject } from 'vitest/config';

// The short runs of the reliability scenarios (`npm run test:unit`), against the built server;
// `npm run bench:reliability` runs the same scenarios longer (run.mjs).
export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'reliability',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: [
      '../../packages/server/src/test-support/build-server.ts',
      '../../packages/server/src/test-support/postgres.ts',
    ],
    // Starting PostgreSQL and building the server take a few seconds on a cold machine.
    hookTimeout: 120_000,
  },
});
