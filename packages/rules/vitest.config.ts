import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'rules',
    include: ['src/**/*.test.ts'],
    // Every file in one process (pure code, no module mocks): a fresh process per file was most of
    // this project's CPU.
    isolate: false,
    // Pure unit and property tests: no test waits on the clock, so the limits only catch a hang.
    // They are generous because a loaded 2-core machine (CI beside `stress --cpu 2`) runs them
    // several times slower; a fixed numRuns, never a time budget, bounds each property.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
