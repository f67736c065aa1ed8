// `npm test`: lint, type-check and every test, each step run even when an earlier one fails, so
// one run shows everything that is wrong. Writes .ci-report/summary.txt for .ci/run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reportDir = join(root, '.ci-report');
const vitestReport = join(reportDir, 'vitest.json');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const checks = [];
checks.push(['lint', run('lint', 'npx', ['eslint', '--max-warnings=0', '.'])]);
checks.push(['type-check', run('type-check', 'npm', ['run', 'typecheck', '--silent'])]);
// The end-to-end tests drive Debian's Chromium: find it, or install it when allowed.
checks.push(['chromium', run('chromium', 'node', ['scripts/ensure-chromium.mjs'])]);
const testsOk = run('tests', 'npx', ['vitest', 'run'], { CI_REPORT: vitestReport });

let passed = checks.filter(([, ok]) => ok).length;
let failed = checks.length - passed;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that fails to load has no failed test of its own: count it, or the run looks green.
  failed += report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
} else if (!testsOk) {
  failed += 1;
}
if (!testsOk && failed === 0) failed = 1;

for (const [name, ok] of checks) if (!ok) console.log(`FAILED: ${name}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(reportDir, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed === 0 && testsOk ? 0 : 1);
