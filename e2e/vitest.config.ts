import { defineProject } from 'vitest/config';

// End-to-end: Debian's Chromium (playwright-core) against the product started by the global
// setup: the web build, the local chain and the real server on free ports with temporary data.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // A failed test's report says what the open pages showed.
    setupFiles: ['support/failure-report.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // One browser at a time: the machine has two cores and the server shares them.
    fileParallelism: false,
  },
});
