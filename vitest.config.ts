import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One run across every workspace that has tests; each keeps its own vitest.config.ts, and with it
// its own testTimeout/hookTimeout (root limits do not reach the projects), sized for a loaded machine.
// CI_REPORT=path adds a JSON report that .ci/run reads for its "N passed, N failed" line.
const report = process.env.CI_REPORT;

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.ts'].filter(
      (pattern) => pattern.includes('*') || existsSync(pattern),
    ),
    reporters: report ? ['default', ['json', { outputFile: report }]] : ['default'],
  },
});
