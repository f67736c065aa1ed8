import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Every file in one process, one after another: starting a fresh one per file (its imports,
    // PGlite's WebAssembly compiled again) cost about half of this project's CPU, and CI shares two
    // cores with the browser tests. So no file may mock a module (vi.mock) or leave a server, a
    // timer or a database behind: each closes what it opens, in its afterAll/afterEach.
    isolate: false,
    // Real PGlite/PostgreSQL databases (PGlite on disk included), real HTTP and Socket.IO servers:
    // a loaded 2-core machine (CI beside `stress --cpu 2`) makes a migration or a game several
    // times slower, so the limits only catch a hang. Suites that kill processes or stop the
    // chain set their own, larger limits beside their tests.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
