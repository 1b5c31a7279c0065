import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // e2e tests spawn the built binaries and share a 2-core machine: keep parallelism modest.
    maxWorkers: 2,
  },
});
