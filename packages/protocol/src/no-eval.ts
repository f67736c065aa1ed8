import { z } from 'zod/mini';

// For a page served under a Content-Security-Policy without 'unsafe-eval' (the web app's, set
// by apps/server): zod builds its parsers without `new Function` and never probes for it. The
// probe runs when the first object schema is built, and under such a policy it is a refused
// eval that the browser reports: about a seventh of the task that builds a page's first schemas
// (bench/README.md "Web app: first load and Lighthouse"). Every schema parses the same without
// it; only zod's generated fast path for objects is skipped.

/** Call before any schema is built (before any other module of this package is imported). */
export function buildSchemasWithoutEval(): void {
  z.config({ jitless: true });
}
