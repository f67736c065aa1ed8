// Makes sure Debian's Chromium is there for the end-to-end tests (e2e/, playwright-core drives
// /usr/bin/chromium; no downloaded browser builds). When it is missing and this runs as root,
// Debian's `chromium` package is installed with apt-get; otherwise it says what to do.
//
//   node scripts/ensure-chromium.mjs        exit 0: Chromium is available; exit 1: it is not
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function log(message) {
  console.log(`[ensure-chromium] ${message}`);
}

function version() {
  const result = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function run(command, args) {
  log(`${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

function main() {
  if (existsSync(CHROMIUM)) {
    const found = version();
    log(`found ${CHROMIUM}${found ? ` (${found})` : ''}`);
    return 0;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    log(`Chromium is not installed at ${CHROMIUM}, and it cannot be installed from here (${isRoot ? 'no apt-get' : 'not root'}).`);
    log('Install it with:  sudo apt-get update && sudo apt-get install -y chromium');
    log('or point CHROMIUM_PATH at another Chromium binary. The end-to-end tests (e2e/) need it.');
    return 1;
  }
  log(`Chromium is not installed at ${CHROMIUM}: installing Debian's chromium package`);
  if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'])) {
    log('apt-get could not install chromium; see the output above.');
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    log(`chromium was installed but ${CHROMIUM} is still missing; set CHROMIUM_PATH.`);
    return 1;
  }
  log(`installed ${version() ?? CHROMIUM}`);
  return 0;
}

process.exit(main());
