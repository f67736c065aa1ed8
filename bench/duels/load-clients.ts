// One load-generator process: `clients` socket.io clients (websocket transport, as the tests
// connect) that behave like the web app's players. On connect each asks for the stats and the
// server time, and for the stats again whenever its game waits for an opponent, as the web app's
// waiting screen does (a seated socket gets no pushes); on `play` each joins a free game (guests need no token), is
// matched with whoever waits first, acts once per round at a random moment before the round's
// endTime (except in `idleShare` of its rounds), and joins again shortly after each game is over.
//
// Per roundEnd it records when it arrived, when this client's own accepted action was sent, and
// the round's endTime: run.ts pairs the two players' records of a round (they may sit in
// different processes) to find when the round closed. Every message received in the window is
// counted with its size (the Socket.IO packet as it came, per 100 ms bin), for the bytes per round.
//
//   started by run.ts: tsx load-clients.ts
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Socket, io } from 'socket.io-client';
import { type ClientPlan, LOOP_RESOLUTION_MS, WINDOW_BIN_MS, type WorkerCommand, type WorkerReport, epochNow, lateMs, tell } from './ipc';

const ACTIONS = ['attack', 'dodge', 'hide'] as const;
const FREE_CHARACTER_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/** The action goes out at a random moment in this share of the time left before endTime. */
const ACT_WITHIN = 0.9;
const SAMPLED_PAYLOADS = 40;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

interface RoundStart {
  sessionId: string;
  round: number;
  endTime: number;
}
interface GameState {
  sessionId: string;
  phase: string;
}
interface RoundEnd {
  sessionId: string;
  round: number;
  /** Sent on the last round only (docs/game-events.md). */
  gameOver?: boolean;
}
interface Refusal {
  event?: string;
  code?: string;
}

let plan: ClientPlan | null = null;
let running = false;
let windowStart = Number.POSITIVE_INFINITY;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });

// Receipts in growable columns.
const keys: string[] = [];
let sentAt = new Float64Array(1 << 16);
let receivedAt = new Float64Array(1 << 16);
let endTimes = new Float64Array(1 << 16);
let gameOvers = new Uint8Array(1 << 16);
const joinWaits: number[] = [];
const roundsPerGame: number[] = [];
const counts: Record<string, number> = {};
const payloadBytes: Record<string, { n: number; bytes: number }> = {};
/** Messages and their bytes received, per WINDOW_BIN_MS from the window's start. */
let windowBytes = new Float64Array(1 << 10);
let windowMessages = new Float64Array(1 << 10);

const count = (name: string, by = 1) => void (counts[name] = (counts[name] ?? 0) + by);

function grow<T extends Float64Array | Uint8Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

function record(key: string, sent: number, received: number, endTime: number, gameOver: boolean): void {
  const i = keys.length;
  if (i === sentAt.length) {
    sentAt = grow(sentAt);
    receivedAt = grow(receivedAt);
    endTimes = grow(endTimes);
    gameOvers = grow(gameOvers);
  }
  keys.push(key);
  sentAt[i] = sent;
  receivedAt[i] = received;
  endTimes[i] = endTime;
  gameOvers[i] = gameOver ? 1 : 0;
}

function received(data: unknown): void {
  if (!running || !(epochNow() >= windowStart)) return;
  const bin = Math.floor((epochNow() - windowStart) / WINDOW_BIN_MS);
  while (bin >= windowBytes.length) {
    windowBytes = grow(windowBytes);
    windowMessages = grow(windowMessages);
  }
  windowBytes[bin] = (windowBytes[bin] ?? 0) + (typeof data === 'string' ? data.length : data instanceof ArrayBuffer ? data.byteLength : 0);
  windowMessages[bin] = (windowMessages[bin] ?? 0) + 1;
}

function sample(event: string, payload: unknown): void {
  const entry = (payloadBytes[event] ??= { n: 0, bytes: 0 });
  if (entry.n >= SAMPLED_PAYLOADS) return;
  entry.n += 1;
  entry.bytes += JSON.stringify(payload ?? null).length;
}

class Player {
  private sessionId: string | null = null;
  private round = 0;
  private endTime = 0;
  /** When this client's action for `round` was sent, once the server confirmed it. */
  private confirmedSentAt = Number.NaN;
  private pendingSentAt = Number.NaN;
  private actTimer: NodeJS.Timeout | null = null;
  private joinSentAt = Number.NaN;

  constructor(
    readonly socket: Socket,
    private readonly timings: ClientPlan,
  ) {
    socket.io.engine.on('data', received);
    socket.on('gameState', (state: GameState) => this.onState(state));
    socket.on('roundStart', (start: RoundStart) => this.onRoundStart(start));
    socket.on('actionConfirmed', (confirmed: { round: number }) => {
      sample('actionConfirmed', confirmed);
      if (confirmed.round === this.round) this.confirmedSentAt = this.pendingSentAt;
    });
    socket.on('opponentLocked', (locked: unknown) => sample('opponentLocked', locked));
    socket.on('roundEnd', (end: RoundEnd) => this.onRoundEnd(end));
    socket.on('gameStats', (stats: unknown) => {
      sample('gameStats', stats);
      count('gameStats');
    });
    socket.on('serverTime', () => count('serverTime'));
    socket.on('error', (refusal: Refusal) => this.onRefusal(refusal));
    socket.on('disconnect', (reason) => {
      if (running) count(`disconnected: ${reason}`);
    });
  }

  join(): void {
    if (!running || !this.socket.connected) return;
    this.joinSentAt = epochNow();
    this.socket.emit('joinGame', { selectedCharacter: pick(FREE_CHARACTER_IDS), betAmount: 'Free!', walletAddress: null });
  }

  private onState(state: GameState): void {
    sample(`gameState (${state.phase === 'waiting' || state.phase === 'intro' || state.phase === 'over' ? state.phase : 'round/results'})`, state);
    if (state.phase === 'waiting' && this.timings.watchStats) this.socket.emit('requestStats');
    if (state.phase === 'intro' && !Number.isNaN(this.joinSentAt)) {
      if (this.joinSentAt >= windowStart) joinWaits.push(epochNow() - this.joinSentAt);
      this.joinSentAt = Number.NaN;
    }
    if (state.phase === 'over' || state.phase === 'cancelled') {
      if (this.sessionId === state.sessionId && state.phase === 'over') roundsPerGame[this.round] = (roundsPerGame[this.round] ?? 0) + 1;
      this.clearTimer();
      this.sessionId = null;
      setTimeout(() => this.join(), Math.random() * this.timings.rejoinPauseMs);
    }
  }

  private onRoundStart(start: RoundStart): void {
    sample('roundStart', start);
    this.clearTimer();
    this.sessionId = start.sessionId;
    this.round = start.round;
    this.endTime = start.endTime;
    this.confirmedSentAt = Number.NaN;
    this.pendingSentAt = Number.NaN;
    if (!running || Math.random() < this.timings.idleShare) return;
    const delay = Math.random() * Math.max(0, start.endTime - epochNow()) * ACT_WITHIN;
    const round = start.round;
    this.actTimer = setTimeout(() => {
      this.actTimer = null;
      this.pendingSentAt = epochNow();
      this.socket.emit('playerAction', { action: pick(ACTIONS), prediction: pick(ACTIONS), round });
      count('actions');
    }, delay);
  }

  private onRoundEnd(end: RoundEnd): void {
    const now = epochNow();
    sample('roundEnd', end);
    this.clearTimer();
    const sent = end.round === this.round ? this.confirmedSentAt : Number.NaN;
    record(`${end.sessionId}:${end.round}`, sent, now, end.round === this.round ? this.endTime : Number.NaN, end.gameOver === true);
  }

  private onRefusal(refusal: Refusal): void {
    count(`error ${refusal.event ?? '?'} ${refusal.code ?? '?'}`);
    // A join refused (e.g. the previous game not released yet): try again shortly.
    if (refusal.event === 'joinGame') setTimeout(() => this.join(), 100);
  }

  private clearTimer(): void {
    if (this.actTimer) clearTimeout(this.actTimer);
    this.actTimer = null;
  }
}

const players: Player[] = [];

function connectOne(url: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 30_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** engine.io wraps the cause of a transport error in `description`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { description?: unknown }).description;
  const detail = cause instanceof Error ? cause.message : typeof cause === 'object' && cause !== null && 'message' in cause ? String(cause.message) : cause;
  return detail ? `${error.message} (${String(detail)})` : error.message;
}

async function connectAll(current: ClientPlan): Promise<void> {
  let ok = 0;
  let failed = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < current.clients; i += 1) {
    // Pace: connection i is opened no earlier than i / connectPerSecond seconds after the start.
    const due = (1000 * i) / current.connectPerSecond - (performance.now() - started);
    if (due > 0) await sleep(due);
    pending.push(
      connectOne(current.url).then(
        (socket) => {
          ok += 1;
          players.push(new Player(socket, current));
          if (current.watchStats) socket.emit('requestStats');
          socket.emit('getServerTime', { clientTime: Date.now() });
        },
        (error: unknown) => {
          failed += 1;
          firstError ??= describe(error);
        },
      ),
    );
  }
  await Promise.all(pending);
  tell({ type: 'connected', ok, failed, firstError });
}

function report(): WorkerReport {
  const n = keys.length;
  const joins = Float64Array.from(joinWaits);
  loopDelay.disable();
  count('roundEnds', n);
  return {
    receipts: { keys, sentAt: sentAt.slice(0, n), receivedAt: receivedAt.slice(0, n), endTime: endTimes.slice(0, n), gameOver: gameOvers.slice(0, n) },
    joinWaitsMs: joins,
    roundsPerGame: Array.from(roundsPerGame, (value) => value ?? 0),
    loopDelayP99Ms: lateMs(loopDelay.percentile(99)),
    loopDelayMaxMs: lateMs(loopDelay.max),
    counts,
    payloadBytes,
    windowBytes,
    windowMessages,
  };
}

process.on('message', (command: WorkerCommand) => {
  if (command.type === 'connect') {
    plan = command.plan;
    void connectAll(plan);
  } else if (command.type === 'play' && plan) {
    running = true;
    const spread = plan.joinSpreadMs;
    for (const player of players) setTimeout(() => player.join(), Math.random() * spread);
  } else if (command.type === 'window') {
    windowStart = command.start;
    loopDelay.reset();
    loopDelay.enable();
  } else if (command.type === 'finish') {
    running = false;
    tell({ type: 'report', report: report() }, () => {
      for (const player of players) player.socket.close();
      setTimeout(() => process.exit(0), 200);
    });
  }
});
process.on('disconnect', () => process.exit(0));
