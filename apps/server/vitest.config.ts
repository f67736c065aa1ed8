import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Real PGlite/PostgreSQL databases and real HTTP servers: slower than pure unit tests.
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
