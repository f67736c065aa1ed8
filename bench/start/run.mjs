// How long a fresh clone takes from `npm install && npm start` until GET /api/health and the web
// app's home page answer, and how long a later `npm start` takes (targets: 90 s and 10 s on this
// 2-core machine). It clones the repository's last commit (not the working tree; `--working-tree`
// copies that instead, to try a change before it is committed) into a temporary folder, runs the
// README's Quick start there on free ports, and prints the times, where the start spent them, and
// how busy the machine was.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const REPO = join(import.meta.dirname, '..', '..');
const TARGETS = { fresh: 90, later: 10 };
const workingTree = process.argv.includes('--working-tree');
const keep = process.argv.includes('--keep');
/** Not copied from the working tree: what `npm install`, a build or a run makes. */
const GENERATED = new Set(['node_modules', '.git', 'data', 'dist', '.ci-report']);

/** The start's own lines that mark its steps, with what they mean. */
const MARKS = [
  [/\[start\] web app: building/, 'web build started'],
  [/\[start\] web app: the build .* is up to date/, 'web build up to date'],
  [/precompressed \d+ text files/, 'web build done'],
  [/\[start\] chain: starting/, 'chain started'],
  [/\[localnet\] JSON-RPC/, 'chain listening'],
  [/\[start\] server: starting/, 'server started'],
  [/Duel Dojo listening/, 'server listening'],
];

function log(message) {
  console.log(`[start-bench] ${message}`);
}

/** npm's own variables (from `npm run start:run`) would steer the clone's npm; a clean environment. */
function cleanEnv(extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && name !== 'INIT_CWD' && name !== 'NODE_ENV'));
  return { ...env, ...extra };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port whose next one is free too: the local chain's JSON-RPC and its WebSocket. */
async function freePortPair() {
  for (let tries = 0; tries < 50; tries += 1) {
    const port = await freePort();
    if (port < 65535 && (await portIsFree(port + 1))) return port;
  }
  throw new Error('no two free ports in a row');
}

/** CPU jiffies: the whole machine's (busy, total) and our reaped children's. */
function cpuNow() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const own = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // utime, stime, cutime, cstime: fields 14–17 of /proc/self/stat (12–15 after the name).
  const ours = [11, 12, 13, 14].reduce((sum, index) => sum + Number(own[index]), 0);
  return { busy: total - fields[3] - fields[4], total, ours };
}

/** The share of both cores busy with work not ours between two samples (after our children exit). */
function otherCpu(before, after) {
  const total = after.total - before.total;
  if (total <= 0) return '?';
  return `${Math.max(0, Math.round((100 * (after.busy - before.busy - (after.ours - before.ours))) / total))} %`;
}

/** Samples once a second until the cores are below `percent` busy or `seconds` pass; the last sample. */
async function waitForQuiet(percent, seconds) {
  let last = null;
  for (let waited = 0; waited < seconds; waited += 1) {
    const before = cpuNow();
    await sleep(1000);
    const after = cpuNow();
    last = after.total > before.total ? (100 * (after.busy - before.busy)) / (after.total - before.total) : null;
    if (last === null || last < percent) break;
  }
  return last === null ? '?' : `${Math.round(last)} %`;
}

/** The floor: a bare node process answering HTTP on a port, from spawn to first answer. */
async function floorSeconds(port) {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`], { stdio: 'ignore' });
  while (!(await healthAnswers(`http://127.0.0.1:${port}/`))) await sleep(20);
  const seconds = (performance.now() - started) / 1000;
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  return seconds;
}

function run(command, args, options) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return (performance.now() - started) / 1000;
}

async function healthAnswers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** The product answers: the API's health and the web app's home page. */
async function productAnswers(port) {
  if (!(await healthAnswers(`http://127.0.0.1:${port}/api/health`))) return false;
  try {
    const home = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return home.ok && (home.headers.get('content-type') ?? '').startsWith('text/html');
  } catch {
    return false;
  }
}

/** `npm start` until GET /api/health and the home page answer, then Ctrl-C as a developer would; its timings. */
async function timeStart(dir, env, name) {
  const output = createWriteStream(join(dir, `${name}.log`));
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  // Its own process group, so the stop reaches every process of it, as Ctrl-C in a terminal does.
  const child = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const marks = [];
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      output.write(chunk);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        for (const [pattern, label] of MARKS) if (pattern.test(line) && !marks.some((mark) => mark.label === label)) marks.push({ label, at: seconds() });
      }
    });
  }
  let ready = null;
  while (ready === null && exited === null && seconds() < 300) {
    if (await productAnswers(env.PORT)) ready = seconds();
    else await sleep(100);
  }
  if (exited === null) process.kill(-child.pid, 'SIGINT');
  const stopDeadline = Date.now() + 20_000;
  while (exited === null && Date.now() < stopDeadline) await sleep(100);
  if (exited === null) {
    log(`${name}: still running 20 s after Ctrl-C; killed`);
    process.kill(-child.pid, 'SIGKILL');
  }
  // The chain may outlive npm for a moment while it saves; the next start must find it gone.
  await sleep(1000);
  output.end();
  if (ready === null) throw new Error(`${name}: GET /api/health or / never answered (exit ${JSON.stringify(exited)}); its output is in ${join(dir, `${name}.log`)}`);
  return { ready, marks };
}

function describeMarks(marks) {
  return marks
    .sort((a, b) => a.at - b.at)
    .map((mark) => `${mark.label} ${mark.at.toFixed(1)} s`)
    .join(', ');
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'dd-start-bench-'));
  const port = await freePort();
  const chainPort = await freePortPair();
  // Free ports for everything, so a running `npm start` (3000) or chain (8899) does not answer
  // for ours; the README's SOLANA_RPC_URL, and LOCALNET_PORT for the chain the start runs.
  const env = cleanEnv({ PORT: String(port), SOLANA_RPC_URL: `http://127.0.0.1:${chainPort}`, LOCALNET_PORT: String(chainPort) });
  try {
    let sourceNote;
    if (workingTree) {
      cpSync(REPO, dir, { recursive: true, filter: (path) => !relative(REPO, path).split('/').some((part) => GENERATED.has(part)) });
      sourceNote = 'a copy of the working tree (uncommitted changes included)';
    } else {
      const clone = run('git', ['clone', '--quiet', REPO, dir], {});
      sourceNote = `git clone of ${REPO}'s last commit (${clone.toFixed(1)} s; uncommitted changes are not measured)`;
    }
    log(`source: ${sourceNote}`);
    log(`in ${dir}; PORT ${port}, local chain on ${chainPort}`);

    // Each step waits (up to a minute) for other work to leave the cores below 25 % busy.
    const quiet = {};
    quiet.install = await waitForQuiet(25, 60);
    const floor = await floorSeconds(port);
    let before = cpuNow();
    const install = run('npm', ['install'], { cwd: dir, env });
    const installCpu = otherCpu(before, cpuNow());
    log(`npm install: ${install.toFixed(1)} s (npm's cache is warm on this machine: no download)`);

    quiet.first = await waitForQuiet(25, 60);
    before = cpuNow();
    const first = await timeStart(dir, env, 'first-start');
    const firstCpu = otherCpu(before, cpuNow());
    log(`first npm start: answered after ${first.ready.toFixed(1)} s (${describeMarks(first.marks)})`);

    quiet.later = await waitForQuiet(25, 60);
    before = cpuNow();
    const later = await timeStart(dir, env, 'later-start');
    const laterCpu = otherCpu(before, cpuNow());
    log(`later npm start: answered after ${later.ready.toFixed(1)} s (${describeMarks(later.marks)})`);

    const fresh = install + first.ready;
    const verdict = (value, target) => `${value.toFixed(1)} s of ${target} s (${(value / target).toFixed(2)} of the target): ${value <= target ? 'met' : 'NOT met'}`;
    console.log('');
    console.log(`fresh clone, npm install && npm start: ${verdict(fresh, TARGETS.fresh)}  (install ${install.toFixed(1)} s + start ${first.ready.toFixed(1)} s)`);
    console.log(`later npm start:                       ${verdict(later.ready, TARGETS.later)}`);
    console.log(`floor (a bare node HTTP server, spawn to first answer): ${floor.toFixed(2)} s; first start ${(first.ready / floor).toFixed(0)}× it, later start ${(later.ready / floor).toFixed(0)}× it`);
    console.log(`other CPU (both cores, work not ours) before → during: install ${quiet.install} → ${installCpu}, first start ${quiet.first} → ${firstCpu}, later start ${quiet.later} → ${laterCpu}`);
  } finally {
    if (keep) log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[start-bench] ${error.message}`);
  process.exit(1);
});
