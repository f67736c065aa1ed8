// Makes sure Debian's nginx is there for the load-balancer test (apps/server/src/deploy/) and
// `npm run cluster`: both run deploy/nginx.conf with /usr/sbin/nginx as a child process, never the
// system service. When nginx is missing and this runs as root, Debian's package is installed with
// apt-get; otherwise it says what to do.
//
//   node scripts/ensure-nginx.mjs        exit 0: nginx is available; exit 1: it is not
//
// NGINX_PATH names another nginx binary (then nothing is installed).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
// Debian's own configuration makes the service listen here; see stopSystemNginx.
const SYSTEM_PID_FILE = '/run/nginx.pid';

function log(message) {
  console.log(`[ensure-nginx] ${message}`);
}

/** `nginx -v` prints to stderr, e.g. "nginx version: nginx/1.22.1". */
function version() {
  const result = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return result.status === 0 ? (result.stderr || result.stdout).trim() : null;
}

function run(command, args) {
  log(`${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

/** Whether apt knows an installable version of `name` (apt-cache policy shows "Candidate: (none)" otherwise). */
function hasCandidate(name) {
  const result = spawnSync('apt-cache', ['policy', name], { encoding: 'utf8' });
  const candidate = /Candidate:\s*(\S+)/.exec(result.stdout ?? '')?.[1];
  return result.status === 0 && candidate !== undefined && candidate !== '(none)';
}

/**
 * Debian's nginx package holds the binary from bookworm on (nginx-light only adds a module there);
 * in older releases nginx is a metapackage and nginx-light the small build. Either gives /usr/sbin/nginx.
 */
function packageToInstall() {
  if (hasCandidate('nginx')) return 'nginx';
  if (hasCandidate('nginx-light')) return 'nginx-light';
  return null;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Installing the package may start Debian's service (port 80, /etc/nginx) where services may
 * start. Nothing here uses it: the test and the cluster run their own nginx on their own port,
 * so the service is stopped (and, under systemd, not started at boot either).
 */
function stopSystemNginx() {
  if (existsSync('/run/systemd/system')) {
    run('systemctl', ['disable', '--now', 'nginx']);
    return;
  }
  if (!existsSync(SYSTEM_PID_FILE)) return;
  const pid = Number(readFileSync(SYSTEM_PID_FILE, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  log(`the package started Debian's nginx service (pid ${pid}, port 80); stopping it: it is not used`);
  run(NGINX, ['-s', 'quit']);
}

function main() {
  if (existsSync(NGINX)) {
    const found = version();
    log(`found ${NGINX}${found ? ` (${found})` : ''}`);
    return 0;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    log(`nginx is not installed at ${NGINX}, and it cannot be installed from here (${isRoot ? 'no apt-get' : 'not root'}).`);
    log('Install it with:  sudo apt-get update && sudo apt-get install -y --no-install-recommends nginx');
    log('or point NGINX_PATH at another nginx binary. The load-balancer test and `npm run cluster` need it.');
    return 1;
  }
  // A fresh image has no package lists: without them apt-cache knows no candidate.
  if (!run('apt-get', ['update'])) {
    log('apt-get update failed; see the output above.');
    return 1;
  }
  const name = packageToInstall();
  if (!name) {
    log('apt knows neither nginx nor nginx-light (apt-cache policy nginx nginx-light); install nginx by hand or set NGINX_PATH.');
    return 1;
  }
  log(`nginx is not installed at ${NGINX}: installing Debian's ${name} package`);
  if (!run('apt-get', ['install', '-y', '--no-install-recommends', name])) {
    log(`apt-get could not install ${name}; see the output above.`);
    return 1;
  }
  if (!existsSync(NGINX)) {
    log(`${name} was installed but ${NGINX} is still missing; set NGINX_PATH.`);
    return 1;
  }
  stopSystemNginx();
  log(`installed ${version() ?? NGINX}`);
  return 0;
}

process.exit(main());
