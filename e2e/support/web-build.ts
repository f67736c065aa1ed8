// The web app is served from apps/web/dist: build it when it is missing or older than any of
// its sources (its own files and the packages it bundles).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/rules/src', 'packages/protocol/src'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function ensureWebBuild(root: string): void {
  const index = join(root, 'apps/web/dist/index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  if (builtAt > changedAt) return;
  console.log('[e2e] building apps/web (missing or older than its sources)');
  const result = spawnSync('npm', ['run', 'build', '-w', '@duel-dojo/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web app build failed');
}
