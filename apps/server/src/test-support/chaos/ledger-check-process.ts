// `npm run ledger:check` (docs/security.md 27) as an operator runs it: its own process on the
// stopped server's DATA_DIR and the same chain and treasury. Answers what it printed, the
// difference it printed in lamports, and its exit code.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, type ServerEnvironment, serverEnv } from './server-process';

export interface LedgerCheckRun {
  readonly output: string;
  /** null when no "difference … lamports" line was printed. */
  readonly difference: bigint | null;
  readonly exitCode: number | null;
}

/** `env`: variables set over the environment's, as for a server process (a cluster's DATABASE_URL). */
export async function runLedgerCheck(environment: ServerEnvironment, env: Readonly<Record<string, string>> = {}): Promise<LedgerCheckRun> {
  const check = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/ledger-check.ts')], {
    cwd: REPO_ROOT,
    env: { ...serverEnv(environment), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  check.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  check.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => check.once('exit', (code) => resolve(code)));
  const difference = /difference\s+(-?\d+) lamports/.exec(output)?.[1];
  return { output, difference: difference === undefined ? null : BigInt(difference), exitCode };
}
