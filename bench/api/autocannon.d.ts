// The part of autocannon 8's API (it ships no types) that run.ts uses.
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path: string;
    /** In workers mode, a file that exports the function (see random-wallet.cjs). */
    setupRequest?: string;
  }
  export interface Options {
    url: string;
    connections: number;
    duration: number;
    workers?: number;
    requests?: Request[];
  }
  /** Latencies in whole milliseconds, truncated (9 means 9.0–9.99 ms). */
  export interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
