import { defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    globalSetup: ['./scripts/test-temp-dir.ts', './scripts/test-postgres-template.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src-server/**/*.test.ts', 'migrations/**/*.test.ts', 'src-client/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        // Real SQLite (in memory or in temp files), real HTTP on loopback (HUB simulator), real Dovecot.
        test: {
          name: 'integration',
          include: ['src/**/*.integration.test.ts', 'src-server/**/*.integration.test.ts', 'migrations/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page on a busy two-core machine may take longer than poll's default 5 s to show what it will show.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
