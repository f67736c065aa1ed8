// The verifier anyone can run (scripts/verify-game.ts, docs/fairness.md "With the command line"),
// against a game really played over Socket.IO with both players' seeds: it passes on the real
// GET /api/games/{sessionId}, and fails, naming the round, on a tampered copy of the same record
// served by a plain node:http server. The command itself is spawned too, for its exit codes.
import { execFile } from 'node:child_process';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { GameRecordAnswer } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API, EXIT, parseArgs, verifyGame } from '../../../../scripts/verify-game';
import { type Database, type GameHarness, type Player, FAST_TIMINGS, FREE_JOIN, READS_RIGHT, READS_WRONG, connect, playToEnd, signUp, startGameServer } from '../test-support/game-server';
import { testDatabases } from '../test-support';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const ALIEN = 7;
const SOLDIER = 8;

/** Serves one fixed answer for GET /api/games/{sessionId}, 404 for anything else. */
async function serveRecord(sessionId: string, answer: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const found = request.url === `/api/games/${sessionId}`;
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? answer : { success: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** `npm run verify -- <id> --api <url>` as a user types it: its exit code and output. */
function runCli(sessionId: string, api: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'verify', '--', sessionId, '--api', api], { cwd: ROOT, timeout: 50_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe.each(testDatabases())('the public verifier on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let alice: Player;
  let bob: Player;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await target.open();
    // A longer intro leaves each player time to send its seed after the commitment.
    game = await startGameServer(database, { gameTimings: { ...FAST_TIMINGS, introMs: 400 } });
    [alice, bob] = await Promise.all([signUp(game.url, 'alice'), signUp(game.url, 'bob')]);
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await game?.stop();
    await database?.close();
  });

  it('passes a game played with both seeds, and names the round of a tampered copy', async () => {
    const [a, b] = await Promise.all([connect(game.url, alice.token), connect(game.url, bob.token)]);
    let sessionId: string;
    try {
      a.emit('joinGame', FREE_JOIN(alice.address, ALIEN));
      sessionId = (await a.next('gameState')).sessionId;
      a.emit('submitClientSeed', { sessionId, clientSeed: 'alice-seed_1' });
      b.emit('joinGame', FREE_JOIN(bob.address, SOLDIER));
      await b.next('gameState');
      b.emit('submitClientSeed', { sessionId, clientSeed: 'B0B' });
      // Alice reads every attack, Bob never does: Alice's hits land with the bonus until a knock-out.
      const ends = await playToEnd(a, b, READS_RIGHT, READS_WRONG);
      expect(ends.length).toBeGreaterThan(2);
      await a.next('gameState', (state) => state.gameOver);
    } finally {
      a.close();
      b.close();
    }

    const honest = await verifyGame(sessionId, game.url);
    expect(honest.err).toEqual([]);
    expect(honest.exitCode).toBe(EXIT.verified);
    expect(honest.out).toContain('Client seeds: player1 "alice-seed_1", player2 "B0B"');
    expect(honest.out.filter((line) => /^Round \d+: .* {2}OK$/.test(line))).toHaveLength(honest.out.filter((line) => line.startsWith('Round ')).length);
    expect(honest.out.at(-1)).toMatch(/^PASS: /);

    const answer = (await fetch(`${game.url}/api/games/${sessionId}`).then((response) => response.json())) as GameRecordAnswer;
    const rounds = answer.game.rounds.map((entry) => (entry.round === 2 ? { ...entry, player2: { ...entry.player2, health: entry.player2.health + 1 } } : entry));
    const tampered = await serveRecord(sessionId, { ...answer, game: { ...answer.game, rounds } });
    servers.push(tampered.server);
    const caught = await verifyGame(sessionId, tampered.url);
    expect(caught.exitCode).toBe(EXIT.mismatch);
    expect(caught.out).toContainEqual(expect.stringMatching(/^Round 2: .*MISMATCH player2\.health recomputed \d+ published \d+$/));
    expect(caught.out.at(-1)).toBe('FAIL: round 2 does not replay to the published numbers.');

    // Nothing to check: an unknown game, or no server at all.
    expect((await verifyGame('no-such-game', game.url)).exitCode).toBe(EXIT.unchecked);
    expect((await verifyGame(sessionId, `${tampered.url}/elsewhere`)).err).toEqual([expect.stringContaining('no game')]);

    const [passing, failing] = await Promise.all([runCli(sessionId, game.url), runCli(sessionId, tampered.url)]);
    expect(passing).toMatchObject({ code: 0, stderr: '' });
    expect(passing.stdout).toMatch(/^PASS: /m);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^Round 2: .*MISMATCH player2\.health/m);
  });
});

describe('the verifier\'s arguments', () => {
  it('takes one session id and an optional API, and refuses anything else', () => {
    expect(parseArgs(['abc-1'])).toEqual({ sessionId: 'abc-1', api: DEFAULT_API });
    expect(parseArgs(['abc-1', '--api', 'https://duel.example.com/'])).toEqual({ sessionId: 'abc-1', api: 'https://duel.example.com' });
    expect(parseArgs(['--api=http://127.0.0.1:4000', 'abc-1'])).toEqual({ sessionId: 'abc-1', api: 'http://127.0.0.1:4000' });
    expect(parseArgs(['--help'])).toEqual({ help: true });
    for (const argv of [[], ['a', 'b'], ['a/b'], ['abc', '--api'], ['abc', '--api', 'ftp://x'], ['abc', '--api', 'nope'], ['abc', '--verbose']]) {
      expect(parseArgs(argv)).toHaveProperty('error');
    }
  });
});
