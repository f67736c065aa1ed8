export const NGINX_CONF: string;
export const NGINX_BIN: string;

export interface NginxPorts {
  /** A port, or host:port. */
  readonly listen: number | string;
  /** host:port of each server node. */
  readonly nodes: readonly string[];
}

export function renderNginxConf(template: string, ports: NginxPorts): string;

export interface PreparedNginx {
  readonly conf: string;
  readonly accessLog: string;
  readonly errorLog: string;
  readonly args: string[];
}

export function prepareNginx(prefix: string, ports: NginxPorts): PreparedNginx;
