// `npm test`: lint, type-check and every test, each step run even when an earlier one fails, so
// one run shows everything that is wrong. Writes .ci-report/summary.txt for .ci/run.
//
// Once the browser and the services are found, two Vitest processes start together: the
// end-to-end project (one browser at a time, mostly waiting on game rounds and start times) and
// the server's and packages' projects. When the first of them is done, the web app's project
// starts on the core it leaves, with lint then type-check beside it. Output other than the
// server's and packages' goes to files under .ci-report/, printed when everything has ended.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reportDir = join(root, '.ci-report');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

/** Runs a command to its end, its output ours (the short checks that come before the suites). */
function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Starts a command; answers its success. `log`: write its output there instead of to ours. */
function start(command, args, env, log) {
  const child = spawn(command, args, { cwd: root, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  if (log) {
    const file = createWriteStream(log);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

/** The first line of a failure message, short enough for a summary. */
function firstLine(message) {
  return String(message ?? '').split('\n')[0].slice(0, 300);
}

const checks = [];
// The end-to-end tests drive Debian's Chromium: find it, or install it when allowed.
checks.push(['chromium', run('chromium', 'node', ['scripts/ensure-chromium.mjs'])]);
// The load-balancer test (apps/server/src/deploy/) runs deploy/nginx.conf with Debian's nginx:
// find it, or install it when allowed. Without it that test fails with a message saying so.
checks.push(['nginx', run('nginx', 'node', ['scripts/ensure-nginx.mjs'])]);
// The database suites also run on PostgreSQL, and the multi-node suites need Redis: find both, or
// install and start them when allowed. Their URLs reach the tests only when both answer; otherwise
// this check fails and the suites run without them.
const services = run('services', 'node', ['scripts/ensure-services.mjs']);
checks.push(['services', services]);
const serviceEnv = services
  ? {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test',
      TEST_REDIS_URL: process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379',
    }
  : {};

// Every workspace project but the web app's, by folder (each project is named after its folder):
// Vitest's --project cannot exclude two projects at once, and a list written here would miss a new one.
const nodeProjects = ['apps', 'packages']
  .flatMap((parent) => readdirSync(join(root, parent)).filter((name) => existsSync(join(root, parent, name, 'vitest.config.ts'))))
  .filter((name) => name !== 'web');
// `later`: started once the first of the others is done (below).
const suites = [
  { name: 'tests', args: nodeProjects.flatMap((name) => ['--project', name]), report: join(reportDir, 'vitest.json') },
  { name: 'end-to-end tests', args: ['--project', 'e2e'], report: join(reportDir, 'vitest-e2e.json'), log: join(reportDir, 'e2e.log') },
  { name: 'web app tests', args: ['--project', 'web'], report: join(reportDir, 'vitest-web.json'), log: join(reportDir, 'web.log'), later: true },
];
const runSuite = (suite) => {
  console.log(`\n=== ${suite.name}: npx vitest run ${suite.args.join(' ')}${suite.log ? ` (output in ${suite.log}, printed when done)` : ''}`);
  return start('npx', ['vitest', 'run', ...suite.args], { ...serviceEnv, CI_REPORT: suite.report }, suite.log);
};
const first = suites.filter((suite) => !suite.later).map((suite) => [suite, runSuite(suite)]);
// The two first suites keep both cores busy (Vitest runs one file at a time; more at once only
// made the slow server suites time out). The one that ends first leaves a core: the web app's
// tests, and lint then type-check beside them, take it. Run one after another before the suites,
// lint and type-check held every test back by about two minutes.
await Promise.race(first.map(([, outcome]) => outcome));
const later = suites.filter((suite) => suite.later).map((suite) => [suite, runSuite(suite)]);
const staticChecks = [
  { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings=0', '.'], log: join(reportDir, 'lint.log') },
  { name: 'type-check', command: 'npm', args: ['run', 'typecheck', '--silent'], log: join(reportDir, 'type-check.log') },
];
for (const check of staticChecks) {
  console.log(`\n=== ${check.name}: ${[check.command, ...check.args].join(' ')} (output in ${check.log}, printed when done)`);
  checks.push([check.name, await start(check.command, check.args, {}, check.log)]);
}
const started = new Map([...first, ...later]);
const running = suites.map((suite) => started.get(suite));
const outcomes = await Promise.all(running);
for (const step of [...staticChecks, ...suites]) {
  if (!step.log) continue;
  console.log(`\n=== ${step.name}: output`);
  if (existsSync(step.log)) process.stdout.write(readFileSync(step.log, 'utf8'));
}

// When an end-to-end test failed, the last lines the product logged (warnings and errors, written
// by e2e/support/global-setup.ts): printed here, near the end, where a CI log's tail shows them.
const productLog = join(reportDir, 'e2e-product.log');
if (!outcomes[suites.findIndex((suite) => suite.name === 'end-to-end tests')] && existsSync(productLog)) {
  const lines = readFileSync(productLog, 'utf8').split('\n').filter((line) => line.trim() !== '');
  console.log(`\n=== the product's last log lines during the end-to-end tests (all in ${productLog})`);
  for (const line of lines.slice(-15)) console.log(line.slice(0, 400));
}
// And what the open pages showed when each end-to-end test failed (e2e/support/failure-report.ts).
const pagesLog = join(reportDir, 'e2e-pages.log');
if (existsSync(pagesLog)) {
  console.log('\n=== what the pages showed when an end-to-end test failed');
  process.stdout.write(readFileSync(pagesLog, 'utf8').slice(-3_000));
}

let passed = checks.filter(([, ok]) => ok).length;
let failed = checks.length - passed;
suites.forEach((suite, index) => {
  const ok = outcomes[index];
  if (!existsSync(suite.report)) {
    failed += 1;
    console.log(`FAILED: ${suite.name} wrote no report`);
    return;
  }
  const report = JSON.parse(readFileSync(suite.report, 'utf8'));
  passed += report.numPassedTests;
  let suiteFailed = report.numFailedTests;
  // A suite that fails to load has no failed test of its own: count it, or the run looks green.
  suiteFailed += report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  if (!ok && suiteFailed === 0) suiteFailed = 1;
  failed += suiteFailed;
  // Named again here, at the end, so the last lines of a long CI log say what failed.
  for (const file of report.testResults) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    if (file.status === 'failed' && file.assertionResults.length === 0) console.log(`FAILED: ${where} did not load: ${firstLine(file.message)}`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') console.log(`FAILED: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
});

for (const [name, ok] of checks) if (!ok) console.log(`FAILED: ${name}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(reportDir, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed === 0 && outcomes.every(Boolean) ? 0 : 1);
