import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests spawn real servers and wait on them (graces, deadlines, exits), so a worker is often idle:
    // three workers on this 2-core machine keep both cores busy (vitest alone: 110 s with two, 101 s with three;
    // four gain nothing more), and few enough that the tests' deadlines stay honest.
    maxWorkers: 3,
    // Each worker runs its test files one after another in one module graph instead of re-importing zod, the SDK,
    // Ajv and the rule registry for every file (that re-import was about a third of the suite's time). No test
    // mocks modules or changes globals, so nothing carries from one file to the next.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
