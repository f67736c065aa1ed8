// For the tournament tests: the real server (game-server.ts's startGameServer) with the tournaments'
// clock in the test's hand and no scheduler timer (the test ticks), and the tournament routes' HTTP calls.
import type { CreateTournamentBody, Tournament, TournamentDetail } from '@duel-dojo/protocol';
import { afterAll, beforeAll } from 'vitest';
import type { ComposeOptions } from '../compose';
import { type Database, type GameClient, type GameHarness, type Player, connect, signUp, startGameServer } from './game-server';
import type { TestDatabase } from './test-databases';

export interface FakeClock {
  ms: number;
  readonly now: () => number;
  advance(ms: number): void;
}

export function fakeClock(start = Date.now()): FakeClock {
  const clock: FakeClock = {
    ms: start,
    now: () => clock.ms,
    advance(ms) {
      clock.ms += ms;
    },
  };
  return clock;
}

export function startTournamentServer(database: Database, clock: FakeClock, options: ComposeOptions = {}): Promise<GameHarness> {
  return startGameServer(database, { ...options, tournaments: { now: clock.now, tickMs: 0, createsPerMinute: 10_000, ...options.tournaments } });
}

/** A signed-up player with a socket open (a test may swap it for a reconnection). */
export interface Fighter extends Player {
  client: GameClient;
}

/**
 * A tournament suite's lifetime in one call: a database, the server on the test's clock and the
 * named players signed up with a socket each before the suite; all closed after it.
 */
export function useTournamentFighters(target: TestDatabase, clock: FakeClock, names: readonly string[], opened: (suite: { database: Database; game: GameHarness; fighters: Fighter[] }) => void): void {
  let suite: { database?: Database; game?: GameHarness; fighters?: Fighter[] } = {};
  beforeAll(async () => {
    const database = await target.open();
    suite = { database };
    const game = await startTournamentServer(database, clock);
    suite = { database, game };
    const players = await Promise.all(names.map((name) => signUp(game.url, name)));
    const clients = await Promise.all(players.map((player) => connect(game.url, player.token)));
    const fighters = players.map((player, index) => ({ ...player, client: clients[index] as GameClient }));
    suite = { database, game, fighters };
    opened({ database, game, fighters });
  });
  afterAll(async () => {
    for (const fighter of suite.fighters ?? []) fighter.client.close();
    await suite.game?.stop();
    await suite.database?.close();
  });
}

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
}

export interface CallOptions {
  readonly token?: string | null;
  readonly body?: unknown;
  /** Default: JSON when there is a body. */
  readonly contentType?: string | null;
}

export async function call<T = Record<string, unknown>>(url: string, method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  const contentType = options.contentType === undefined ? (options.body === undefined ? null : 'application/json') : options.contentType;
  if (contentType) headers['content-type'] = contentType;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  return { status: response.status, body: (await response.json()) as T };
}

/** A valid create payload starting `inMs` after the clock. */
export function createPayload(clock: FakeClock, overrides: Partial<CreateTournamentBody> = {}, inMs = 60 * 60_000): CreateTournamentBody {
  return { name: 'Friday Fights', description: 'Bring your best', startDate: new Date(clock.now() + inMs).toISOString(), ...overrides };
}

export async function createTournament(url: string, token: string, payload: CreateTournamentBody): Promise<Tournament> {
  const answer = await call<{ tournament: Tournament }>(url, 'POST', '/api/tournaments', { token, body: payload });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.tournament;
}

export async function joinTournament(url: string, token: string, tournamentId: string, characterId?: number): Promise<Tournament> {
  const answer = await call<{ tournament: Tournament }>(url, 'PUT', `/api/tournaments/${tournamentId}/join`, { token, body: characterId === undefined ? {} : { characterId } });
  if (answer.status !== 200) throw new Error(`join answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.tournament;
}

export async function tournamentDetail(url: string, tournamentId: string, token?: string): Promise<TournamentDetail> {
  const answer = await call<{ tournament: TournamentDetail }>(url, 'GET', `/api/tournaments/${tournamentId}`, { token: token ?? null });
  if (answer.status !== 200) throw new Error(`detail answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.tournament;
}
