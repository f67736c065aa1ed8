// The web app is served from apps/web/dist: build it when it is missing or older than any of
// its sources (its own files and the packages it bundles). Used by `npm start` and the e2e tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/scripts', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/rules/src', 'packages/protocol/src'];

/** Tests and their helpers (src/test-support/) never reach the bundle, so they never make it stale. */
const testOnly = (name) => name === 'test-support' || /\.test\.tsx?$/.test(name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => !testOnly(name))
    .reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when apps/web/dist is missing or older than a source file. */
export function webBuildIsStale(root) {
  const index = join(root, 'apps/web/dist/index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  return builtAt <= changedAt;
}

/** Builds apps/web when it is stale; `log` says why. Throws when the build fails. */
export function ensureWebBuild(root, log = console.log) {
  if (!webBuildIsStale(root)) return false;
  log(BUILDING);
  const result = spawnSync('npm', BUILD_ARGS, { cwd: root, stdio: 'inherit', env: buildEnv() });
  if (result.status !== 0) throw new Error('the web app build failed');
  return true;
}

/** ensureWebBuild without blocking: `npm start` builds while the local chain starts. */
export async function ensureWebBuildInBackground(root, log = console.log) {
  if (!webBuildIsStale(root)) return false;
  log(BUILDING);
  const child = spawn('npm', BUILD_ARGS, { cwd: root, stdio: 'inherit', env: buildEnv() });
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (status) => resolve(status ?? 1));
  });
  if (code !== 0) throw new Error('the web app build failed');
  return true;
}

const BUILDING = 'building apps/web (missing or older than its sources)';
const BUILD_ARGS = ['run', 'build', '-w', '@duel-dojo/web'];

function buildEnv() {
  // A production build whoever asks (vitest sets NODE_ENV=test, which would bundle React's
  // development build into the dist that `npm start` serves).
  return { ...process.env, NODE_ENV: 'production' };
}
