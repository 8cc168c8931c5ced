import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test-support/build-server.ts', 'src/test-support/postgres.ts'],
    // Starting PostgreSQL and spawning the built server take a few seconds on a cold machine.
    hookTimeout: 60_000,
  },
});
