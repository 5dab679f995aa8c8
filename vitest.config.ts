import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests spawn real servers; two cores, so keep the pool small and the timeouts honest.
    maxWorkers: 2,
    // Each worker runs its test files one after another in one module graph instead of re-importing zod, the SDK,
    // Ajv and the rule registry for every file (that re-import was about a third of the suite's time). No test
    // mocks modules or changes globals, so nothing carries from one file to the next.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
