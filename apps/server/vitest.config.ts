import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each file in a process of its own (Vitest's default), unlike the packages' projects: with
    // the files sharing one process the cluster's rolling restart under 50 games failed once on a
    // saturated machine (rounds played with a player still reconnecting), cause not yet known.
    // Real PGlite/PostgreSQL databases (PGlite on disk included), real HTTP and Socket.IO servers:
    // a loaded 2-core machine (CI beside `stress --cpu 2`) makes a migration or a game several
    // times slower, so the limits only catch a hang. Suites that kill processes or stop the
    // chain set their own, larger limits beside their tests.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
