// The verifier anyone can run (docs/fairness.md "With the command line"): it fetches one game's
// public record, checks its shape with packages/protocol, and replays it with packages/rules'
// replayRecord. It reads nothing but the public endpoint, so it trusts nothing the server could
// not be held to. Exit codes: 0 verified, 1 the record does not hold, 2 it could not be checked.
import { gameParams, gameRecordAnswer } from '@duel-dojo/protocol';
import { type ReplayReport, type RoundReplay, type SideNumbers, UnverifiableRecordError, findCharacter, replayRecord } from '@duel-dojo/rules';

export const DEFAULT_API = 'http://localhost:3000';
export const USAGE = `Usage: npm run verify -- <sessionId> [--api URL]   (default API ${DEFAULT_API})`;

export const EXIT = { verified: 0, mismatch: 1, unchecked: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface VerifyOutcome {
  readonly exitCode: ExitCode;
  /** The report, for stdout. */
  readonly out: readonly string[];
  /** Why nothing could be checked, for stderr. */
  readonly err: readonly string[];
}

export type ParsedArgs = { readonly sessionId: string; readonly api: string } | { readonly help: true } | { readonly error: string };

export function parseArgs(argv: readonly string[]): ParsedArgs {
  let api = DEFAULT_API;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') return { help: true };
    if (arg === '--api') {
      const value = argv[i + 1];
      if (value === undefined) return { error: '--api needs a URL' };
      api = value;
      i += 1;
    } else if (arg.startsWith('--api=')) {
      api = arg.slice('--api='.length);
    } else if (arg.startsWith('-')) {
      return { error: `unknown option ${arg}` };
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 1) return { error: positional.length === 0 ? 'a session id is required' : 'only one session id, please' };
  const sessionId = positional[0] ?? '';
  if (!gameParams.safeParse({ sessionId }).success) return { error: `not a session id: ${sessionId}` };
  let url: URL;
  try {
    url = new URL(api);
  } catch {
    return { error: `not a URL: ${api}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `the API must be http or https: ${api}` };
  return { sessionId, api: api.replace(/\/+$/, '') };
}

const unchecked = (...err: string[]): VerifyOutcome => ({ exitCode: EXIT.unchecked, out: [], err });

const rounds = (n: number): string => (n === 1 ? '1 round' : `${n} rounds`);

const characterName = (id: number | null): string => (id === null ? 'nobody' : `${findCharacter(id)?.name ?? 'unknown'} (${id})`);

function sideText(numbers: SideNumbers): string {
  return `factor ${numbers.factor} damage ${numbers.damageTaken} healing ${numbers.healingReceived} health ${numbers.health}`;
}

/** One line per round: the recomputed numbers, then OK or each field that differs from the published one. */
export function roundLine(entry: RoundReplay): string {
  const numbers = entry.recomputed ?? entry.published;
  const shown = `player1 ${sideText(numbers.player1)} | player2 ${sideText(numbers.player2)}`;
  const head = `Round ${entry.round}: ${entry.recomputed ? shown : `not replayed (published: ${shown})`}`;
  if (entry.mismatches.length === 0) return `${head}  ${entry.recomputed ? 'OK' : 'SKIPPED'}`;
  const fields = entry.mismatches.map((m) => `${m.field} recomputed ${m.recomputed} published ${m.published}`);
  return `${head}  MISMATCH ${fields.join('; ')}`;
}

export function reportLines(report: ReplayReport, api: string): string[] {
  const seeds = report.clientSeeds
    ? `player1 ${JSON.stringify(report.clientSeeds.player1)}, player2 ${JSON.stringify(report.clientSeeds.player2)}`
    : 'none (a game from before client seeds: the legacy formula)';
  const lines = [
    `Game ${report.sessionId} from ${api}: player1 ${characterName(report.characters.player1)} vs player2 ${characterName(report.characters.player2)}, ${rounds(report.rounds.length)}`,
    `Client seeds: ${seeds}`,
    `Commitment: published ${report.commitment}, sha256(serverSeed) ${report.recomputedCommitment}  ${report.commitmentMatches ? 'OK' : 'MISMATCH'}`,
    ...report.rounds.map(roundLine),
    ...report.problems.map((problem) => `Record: ${problem}  MISMATCH`),
  ];
  if (report.valid) {
    lines.push(`PASS: the seed matches the commitment and ${report.rounds.length === 1 ? 'the round replays' : `all ${report.rounds.length} rounds replay`} to the published numbers.`);
  } else {
    const why = [
      ...(report.commitmentMatches ? [] : ['the seed does not match the commitment']),
      ...(report.mismatchedRounds.length > 0 ? [`${report.mismatchedRounds.length === 1 ? 'round' : 'rounds'} ${report.mismatchedRounds.join(', ')} ${report.mismatchedRounds.length === 1 ? 'does' : 'do'} not replay to the published numbers`] : []),
      ...report.problems,
    ];
    lines.push(`FAIL: ${why.join('; ')}.`);
  }
  return lines;
}

/** Fetches GET {api}/api/games/{sessionId}, then checks and replays the record it answers. */
export async function verifyGame(sessionId: string, api: string, timeoutMs = 10_000): Promise<VerifyOutcome> {
  const url = `${api}/api/games/${encodeURIComponent(sessionId)}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return unchecked(`Error: cannot reach ${url} (${error instanceof Error ? error.message : String(error)}${cause})`);
  }
  if (response.status === 404) return unchecked(`Error: no game ${sessionId} at ${api} (HTTP 404)`);
  if (!response.ok) return unchecked(`Error: ${url} answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return unchecked(`Error: ${url} did not answer JSON`);
  }
  const parsed = gameRecordAnswer.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return unchecked(`Error: ${url} did not answer a game record`, ...issues.map((issue) => `  ${issue}`));
  }
  const game = parsed.data.game;
  // Another game's honest record would replay: the id is part of every factor's message.
  if (game.sessionId !== sessionId) {
    return { exitCode: EXIT.mismatch, out: [`FAIL: asked for game ${sessionId}, the API answered the record of game ${game.sessionId}.`], err: [] };
  }
  let report: ReplayReport;
  try {
    report = replayRecord(game);
  } catch (error) {
    if (error instanceof UnverifiableRecordError) return unchecked(`Error: game ${sessionId} cannot be verified: ${error.message}`);
    throw error;
  }
  return { exitCode: report.valid ? EXIT.verified : EXIT.mismatch, out: reportLines(report, api), err: [] };
}

/** The whole command: arguments in, lines out, the exit code back. */
export async function runVerify(argv: readonly string[], write: { out(line: string): void; err(line: string): void }): Promise<ExitCode> {
  const args = parseArgs(argv);
  if ('help' in args) {
    write.out(USAGE);
    return EXIT.verified;
  }
  if ('error' in args) {
    write.err(`Error: ${args.error}`);
    write.err(USAGE);
    return EXIT.unchecked;
  }
  const outcome = await verifyGame(args.sessionId, args.api);
  for (const line of outcome.out) write.out(line);
  for (const line of outcome.err) write.err(line);
  return outcome.exitCode;
}
