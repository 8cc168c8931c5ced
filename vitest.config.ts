import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core free, which on a two-core machine
    // runs the files one at a time, while most of them wait on a server, PostgreSQL or a timer
    // (441 s → 299 s; docs/decisions/0100-ci-time.md).
    maxWorkers: Math.max(os.availableParallelism(), 2),
    projects: [
      'packages/domain',
      'packages/server',
      'packages/web',
      'packages/back-office',
      'bench/reliability',
    ],
    coverage: {
      provider: 'v8',
      include: [
        'packages/domain/src/**/*.ts',
        'packages/server/src/**/*.ts',
        'packages/web/src/**/*.{ts,tsx}',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/dist/**'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: {
        'packages/domain/src/**/*.ts': { lines: 95 },
      },
    },
  },
});
