// deploy/nginx.conf with other ports: the one source of truth for the load balancer, rendered by
// plain text substitution for `npm run cluster` and for its test (ports differ per run). Only two
// things change (the file's header says the same):
//   - the port of the one `listen` line;
//   - in each upstream, the `server` lines between "# nodes:begin" and "# nodes:end", replaced
//     by one line per node with the parameters of the first line.
// Anything else in the file reaches nginx unchanged. A file whose markers or listen line do not
// look as expected is refused, so an edit that breaks rendering fails loudly, not quietly.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const NGINX_CONF = join(import.meta.dirname, 'nginx.conf');
/** Debian's binary; NGINX_PATH names another. */
export const NGINX_BIN = process.env.NGINX_PATH || '/usr/sbin/nginx';

const LISTEN = /^(\s*listen\s+)(?:\S+:)?\d+(\b[^;\n]*;.*)$/m;
const NODES = /^([ \t]*)# nodes:begin\n([\s\S]*?)^[ \t]*# nodes:end$/gm;
const SERVER = /^\s*server\s+\S+((?:\s+[^;\s]+)*)\s*;/m;

/**
 * The text of `template` (deploy/nginx.conf's) listening on `listen` (a port, or host:port) with
 * `nodes` (host:port each) in every upstream.
 */
export function renderNginxConf(template, { listen, nodes }) {
  if (nodes.length === 0) throw new Error('render-nginx-conf: at least one node is needed');
  const listens = template.match(new RegExp(LISTEN.source, 'gm')) ?? [];
  if (listens.length !== 1) throw new Error(`render-nginx-conf: expected one listen line in nginx.conf, found ${listens.length}`);
  let lists = 0;
  const rendered = template
    .replace(LISTEN, (_, head, tail) => `${head}${listen}${tail}`)
    .replace(NODES, (_, indent, body) => {
      lists += 1;
      const first = SERVER.exec(body);
      if (!first) throw new Error('render-nginx-conf: a "# nodes:begin" list in nginx.conf holds no server line');
      const parameters = first[1];
      const lines = nodes.map((node) => `${indent}server ${node}${parameters};`);
      return `${indent}# nodes:begin\n${lines.join('\n')}\n${indent}# nodes:end`;
    });
  if (lists !== 2) throw new Error(`render-nginx-conf: expected two "# nodes:begin" lists in nginx.conf (round-robin and sticky), found ${lists}`);
  return rendered;
}

/**
 * Writes the rendered deploy/nginx.conf into `prefix` (created when missing) and answers the
 * arguments that run it in the foreground: nginx -p prefix -c prefix/nginx.conf -e stderr -g 'daemon off;'.
 * `-e stderr`: errors before the configuration is read go to our stderr, not to the compiled-in log.
 */
export function prepareNginx(prefix, { listen, nodes }) {
  mkdirSync(prefix, { recursive: true });
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, renderNginxConf(readFileSync(NGINX_CONF, 'utf8'), { listen, nodes }));
  return { conf, accessLog: join(prefix, 'access.log'), errorLog: join(prefix, 'error.log'), args: ['-p', `${prefix}/`, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'] };
}
