import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
