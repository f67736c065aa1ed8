// For the socket tests: a real server with the game wired in (composeModules + startTestServer,
// short rounds), signed-up players, and socket.io clients that record every event they get so
// a test can wait for "the next roundEnd" without racing the server.
import { setTimeout as sleep } from 'node:timers/promises';
import { type ClientEventName, SERVER_EVENT_NAMES, type ServerEventName, type ServerEventPayload, parseServerEvent } from '@duel-dojo/protocol';
import { type Socket as ClientSocket, io as connectSocket } from 'socket.io-client';
import { type ComposeOptions, type Modules, composeModules } from '../compose';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { type TestDatabase, type TestServer, type TestWallet, createTestWallet, signUpPlayer, startTestServer, testConfig } from './index';

export type Database = Awaited<ReturnType<TestDatabase['open']>>;

/** Short timeline: whole games take well under a second when both players act at once. */
export const FAST_TIMINGS = { introMs: 60, roundMs: 1_500, resultsMs: 60, statsPushMs: 100 } as const;

export interface GameHarness {
  readonly url: string;
  /** The node id it was given (ComposeOptions.nodeId), if any. */
  readonly nodeId: string | undefined;
  readonly server: TestServer;
  readonly modules: Modules;
  stop(): Promise<void>;
}

export async function startGameServer(database: Database, options: ComposeOptions & { config?: Partial<Config> } = {}): Promise<GameHarness> {
  const { config: overrides, ...composeOptions } = options;
  const config = testConfig(overrides);
  const modules = await composeModules(config, database, { authRateLimitPerMinute: 100_000, leaderboardCacheMs: 0, gameTimings: FAST_TIMINGS, ...composeOptions });
  const server = await startTestServer(database, { routes: modules.routes, config: overrides ?? {}, rateLimitStore: modules.rateLimitStore });
  await modules.sockets(server.server.io);
  return {
    url: server.url,
    nodeId: composeOptions.nodeId,
    server,
    modules,
    async stop() {
      await server.stop();
      await modules.stop();
    },
  };
}

export interface Player {
  readonly wallet: TestWallet;
  readonly address: string;
  readonly token: string;
  readonly userId: string;
  readonly name: string;
}

export async function signUp(url: string, name: string): Promise<Player> {
  const wallet = await createTestWallet();
  const { token, user } = await signUpPlayer(url, wallet, name);
  return { wallet, address: wallet.address, token, userId: user._id, name };
}

interface Received {
  readonly name: string;
  /** As the web app reads it: parsed with the protocol's schema (what the wire leaves out put back). */
  readonly payload: unknown;
  /** As it came over the wire, for the checks of what a socket must never be sent. */
  readonly raw: unknown;
}

const isServerEvent = (name: string): name is ServerEventName => (SERVER_EVENT_NAMES as readonly string[]).includes(name);

/** The payload a client reads; one that does not parse is kept as it came (the test's checks then see it). */
function read(name: string, raw: unknown): unknown {
  if (!isServerEvent(name)) return raw;
  const parsed = parseServerEvent(name, raw);
  return parsed.success ? parsed.data : raw;
}

export class GameClient {
  readonly received: Received[] = [];
  private readonly taken = new Set<number>();
  private waiters: (() => void)[] = [];

  constructor(readonly socket: ClientSocket) {
    socket.onAny((name: string, raw: unknown) => {
      this.received.push({ name, payload: read(name, raw), raw });
      for (const wake of this.waiters) wake();
    });
  }

  get id(): string {
    return this.socket.id ?? '';
  }

  emit(event: ClientEventName, payload?: unknown): void {
    if (payload === undefined) this.socket.emit(event);
    else this.socket.emit(event, payload);
  }

  /** The first event `name` not taken by an earlier call that passes `match`; waits for it. */
  next<E extends ServerEventName>(name: E, match: (payload: ServerEventPayload<E>) => boolean = () => true, timeoutMs = 5_000): Promise<ServerEventPayload<E>> {
    return new Promise((resolve, reject) => {
      const look = (): boolean => {
        for (let i = 0; i < this.received.length; i += 1) {
          const item = this.received[i];
          if (!item || this.taken.has(i) || item.name !== name) continue;
          const payload = item.payload as ServerEventPayload<E>;
          if (!match(payload)) continue;
          this.taken.add(i);
          resolve(payload);
          return true;
        }
        return false;
      };
      if (look()) return;
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((wake) => wake !== wake_);
        reject(new Error(`no ${name} within ${timeoutMs} ms; got ${this.received.map((r) => r.name).join(', ')}`));
      }, timeoutMs);
      const wake_ = () => {
        if (!look()) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((wake) => wake !== wake_);
      };
      this.waiters.push(wake_);
    });
  }

  /** Every payload of `name` received so far, in order. */
  all<E extends ServerEventName>(name: E): ServerEventPayload<E>[] {
    return this.received.filter((item) => item.name === name).map((item) => item.payload as ServerEventPayload<E>);
  }

  /** Resolves when the server closes the connection. */
  disconnected(): Promise<string> {
    if (!this.socket.connected) return Promise.resolve('closed');
    return new Promise((resolve) => this.socket.once('disconnect', (reason) => resolve(reason)));
  }

  close(): void {
    this.socket.close();
  }
}

/** A connected client; rejects with the server's reason when the handshake refuses it. */
export function connect(url: string, token?: string): Promise<GameClient> {
  const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: token === undefined ? {} : { token } });
  const client = new GameClient(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Both players pick Ghost (85/15): a correct read lands ~80 HP, so a game ends in two rounds. */
export const GHOST = 4;

export interface Moves {
  readonly action: 'attack' | 'dodge' | 'hide';
  readonly prediction: 'attack' | 'dodge' | 'hide';
}

/** Player 1 reads player 2's attack, player 2 misreads: player 1 wins in two rounds. */
export const READS_RIGHT: Moves = { action: 'attack', prediction: 'attack' };
export const READS_WRONG: Moves = { action: 'attack', prediction: 'dodge' };

/** Both act as soon as each round starts, until a roundEnd says the game is over. */
export async function playToEnd(one: GameClient, two: GameClient, moveOne: Moves, moveTwo: Moves): Promise<ServerEventPayload<'roundEnd'>[]> {
  const ends: ServerEventPayload<'roundEnd'>[] = [];
  for (;;) {
    const start = await one.next('roundStart');
    await two.next('roundStart', (s) => s.round === start.round);
    one.emit('playerAction', moveOne);
    two.emit('playerAction', moveTwo);
    const end = await one.next('roundEnd', (e) => e.round === start.round);
    await two.next('roundEnd', (e) => e.round === start.round);
    ends.push(end);
    if (end.gameOver) return ends;
  }
}

/** A lone client acts at each round start until the game is over (against the bot). */
export async function playAlone(client: GameClient, move: Moves): Promise<ServerEventPayload<'roundEnd'>[]> {
  const ends: ServerEventPayload<'roundEnd'>[] = [];
  for (;;) {
    const start = await client.next('roundStart');
    client.emit('playerAction', move);
    const end = await client.next('roundEnd', (e) => e.round === start.round);
    ends.push(end);
    if (end.gameOver) return ends;
  }
}

/**
 * Waits until the game's record is written: the players hear the game over first, the record
 * follows behind it (docs/game-events.md), so a test that reads the database next waits here.
 */
export async function recorded(database: Database, sessionId: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await database.db.execute<{ done: boolean }>(sql`select game_over or ended_at is not null as done from games where session_id = ${sessionId}`);
    if (rows[0]?.done) return;
    if (Date.now() > until) throw new Error(`game ${sessionId}: no record within ${timeoutMs} ms`);
    await sleep(10);
  }
}

export const FREE_JOIN = (walletAddress: string | null, selectedCharacter: number = GHOST) => ({ selectedCharacter, betAmount: 'Free!', walletAddress });
