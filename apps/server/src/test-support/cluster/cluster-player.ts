// A player of a test cluster, behaving as the web app does: signed in over HTTP, one Socket.IO
// connection to a node, a move at every round start of its game, and when its node goes away a new
// connection to a node that is up, with one checkActiveGame on it (use-duel.ts onReconnect) to
// take its seat back. Everything it receives is kept with the time, for assertions and for a
// failure message that shows what the player saw.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientEventName, GameState, ServerEventName, ServerEventPayload } from '@duel-dojo/protocol';
import type { Slot } from '@duel-dojo/rules';
import { type GameClient, type Moves } from '../game-server';
import { connectWithin } from '../chaos/chaos-connection';
import { type TestWallet, createTestWallet, postJson, signatureAsByteString } from '../wallets';
import type { ClusterNode } from './cluster-node';

export interface ClusterPlayer {
  readonly name: string;
  readonly address: string;
  readonly token: string;
  readonly userId: string;
}

let addresses = 0;

/**
 * Signs up through `url`'s HTTP API (generate-message, sign, signup), from an address of its own:
 * the nodes trust X-Forwarded-For (cluster-node.ts), so the 20-a-minute sign-in limit per address
 * does not stop a hundred players.
 */
export async function signUpAt(url: string, name: string, wallet?: TestWallet): Promise<ClusterPlayer> {
  const signer = wallet ?? (await createTestWallet());
  addresses += 1;
  const headers = { 'x-forwarded-for': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}` };
  const issued = await postJson<{ message: string; nonce: string }>(`${url}/api/auth/generate-message`, { walletAddress: signer.address }, headers);
  if (issued.status !== 200) throw new Error(`generate-message answered ${issued.status}: ${JSON.stringify(issued.body)}`);
  const signature = signatureAsByteString(await signer.sign(issued.body.message));
  const fields = { walletAddress: signer.address, walletType: 'Test Wallet', signature, message: issued.body.message, nonce: issued.body.nonce };
  const answer = await postJson<{ token: string; user: { _id: string } }>(`${url}/api/auth/signup`, { ...fields, username: name, referralCode: null, source: 'organic' }, headers);
  if (answer.status !== 200) throw new Error(`signup answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { name, address: signer.address, token: answer.body.token, userId: answer.body.user._id };
}

interface Seen {
  readonly at: number;
  readonly node: string;
  readonly name: string;
  readonly payload: unknown;
}

export interface GameOutcome {
  readonly winner: Slot | 'draw';
  readonly slot: Slot;
  readonly lastRound: number;
}

const sessionOf = (payload: unknown) => (payload as { sessionId?: string } | null)?.sessionId;

export class GamePlayer {
  readonly seen: Seen[] = [];
  /** The nodes this player connected to, in order. */
  readonly connections: string[] = [];
  sessionId: string | null = null;
  private client: GameClient | null = null;
  private node: ClusterNode | null = null;
  private slot: Slot = 'player1';
  private holdAfter = Infinity;
  private closed = false;
  private outcome: GameOutcome | null = null;
  private readonly backlog: { name: string; payload: unknown }[] = [];
  /** Answers to checkActiveGame, while the game ran, that did not give it back. */
  private readonly refusals: string[] = [];
  private wake: (() => void)[] = [];

  /**
   * `nodes`: the cluster, for picking a node that is up after a drop. `holdAfter`: rounds after
   * this one are not acted in until release() (a test that kills a node between two rounds).
   */
  constructor(
    readonly player: ClusterPlayer,
    private readonly moves: Moves,
    private readonly nodes: () => readonly ClusterNode[],
    options: { holdAfter?: number } = {},
  ) {
    this.holdAfter = options.holdAfter ?? Infinity;
  }

  get nodeName(): string {
    return this.node?.name ?? 'none';
  }

  /** Connects to `node`; when a game is followed and not over, asks for it back (one checkActiveGame). */
  async connect(node: ClusterNode): Promise<void> {
    const client = await connectWithin(node.url, this.player.token);
    this.client = client;
    this.node = node;
    this.connections.push(`${node.name} at ${new Date().toISOString().slice(11, 23)}`);
    client.socket.onAny((name: string, payload: unknown) => this.receive(node.name, name, payload));
    client.socket.once('disconnect', () => {
      if (!this.closed && this.client === client) void this.reconnect(node);
    });
    if (this.sessionId && !this.outcome) this.emit('checkActiveGame', { walletAddress: this.player.address });
  }

  emit(event: ClientEventName, payload?: unknown): void {
    this.client?.emit(event, payload);
  }

  /** The next event `name` from now on that passes `match`. */
  next<E extends ServerEventName>(name: E, match: (payload: ServerEventPayload<E>) => boolean = () => true, timeoutMs = 30_000): Promise<ServerEventPayload<E>> {
    return this.nextPicked((seen, payload) => (seen === name && match(payload as ServerEventPayload<E>) ? (payload as ServerEventPayload<E>) : undefined), timeoutMs, name);
  }

  /** The first event from now on for which `pick` answers something (an answer or a refusal). */
  nextPicked<T>(pick: (name: string, payload: unknown) => T | undefined, timeoutMs = 30_000, what = 'an answer'): Promise<T> {
    const from = this.seen.length;
    return this.waitFor(
      () => {
        for (const item of this.seen.slice(from)) {
          const picked = pick(item.name, item.payload);
          if (picked !== undefined) return picked;
        }
        return undefined;
      },
      timeoutMs,
      what,
    );
  }

  /** From now on this player plays `sessionId`: events about it that came before are acted on now. */
  follow(sessionId: string, slot: Slot): void {
    this.sessionId = sessionId;
    this.slot = slot;
    for (const item of this.backlog.splice(0)) this.handle(item.name, item.payload);
  }

  get over(): boolean {
    return this.outcome !== null;
  }

  /** Each checkActiveGame of a running game answered without it (an error, or no game). */
  lostSeats(): readonly string[] {
    return this.refusals;
  }

  /** Rounds after holdAfter are acted in from the next round start on. */
  release(): void {
    this.holdAfter = Infinity;
  }

  /** Resolves when the followed game is over, as this player saw it. */
  finished(timeoutMs: number): Promise<GameOutcome> {
    return this.waitFor(() => this.outcome ?? undefined, timeoutMs, 'the end of the game');
  }

  /** Round starts of the followed game, with when they came. */
  roundStarts(): { round: number; at: number; node: string }[] {
    return this.seen.filter((item) => item.name === 'roundStart' && sessionOf(item.payload) === this.sessionId).map((item) => ({ round: (item.payload as { round: number }).round, at: item.at, node: item.node }));
  }

  /** What this player saw, one line per event, for a failure message. */
  transcript(): string {
    const brief = (item: Seen) => {
      const p = item.payload as Record<string, unknown> | null;
      const fields = ['phase', 'round', 'gameOver', 'winner', 'hasActiveGame', 'code', 'message', 'success'].filter((key) => p && key in p).map((key) => `${key}=${JSON.stringify(p?.[key])}`);
      if (p && 'gameSession' in p) fields.push(`session=${JSON.stringify((p.gameSession as GameState | null)?.phase ?? null)}`);
      return `${new Date(item.at).toISOString().slice(11, 23)} ${item.node} ${item.name} ${fields.join(' ')}`;
    };
    return `${this.player.name} (${this.slot}, ${this.sessionId}; connected to ${this.connections.join(', ')}):\n  ${this.seen.filter((item) => item.name !== 'gameStats').map(brief).join('\n  ')}`;
  }

  close(): void {
    this.closed = true;
    this.client?.close();
    for (const wake of this.wake) wake();
  }

  private receive(node: string, name: string, payload: unknown): void {
    this.seen.push({ at: Date.now(), node, name, payload });
    if (this.sessionId === null) this.backlog.push({ name, payload });
    else this.handle(name, payload);
    for (const wake of this.wake) wake();
  }

  private handle(name: string, payload: unknown): void {
    if (this.outcome) return;
    if (name === 'error' && (payload as ServerEventPayload<'error'>).event === 'checkActiveGame') {
      this.refusals.push(`error ${(payload as ServerEventPayload<'error'>).code ?? ''}`);
      return;
    }
    if (name === 'activeGameCheck') {
      const state = (payload as ServerEventPayload<'activeGameCheck'>).gameSession;
      if (state?.sessionId !== this.sessionId) {
        this.refusals.push(`hasActiveGame ${String((payload as ServerEventPayload<'activeGameCheck'>).hasActiveGame)} (${state?.sessionId ?? 'no game'})`);
        return;
      }
      this.onOver(state);
      // Back in the middle of a round (a rejoin): act in it, as the web app offers its moves.
      if (state.phase === 'round' && !state.myMove) this.act(state.round);
      return;
    }
    if (sessionOf(payload) !== this.sessionId) return;
    if (name === 'roundStart') this.act((payload as ServerEventPayload<'roundStart'>).round);
    if (name === 'roundEnd') {
      const end = payload as ServerEventPayload<'roundEnd'>;
      if (end.gameOver && end.winner) this.outcome = { winner: end.winner, slot: this.slot, lastRound: end.round };
    }
    if (name === 'gameState') this.onOver(payload as GameState);
  }

  private onOver(state: GameState): void {
    if (state.phase === 'over' && state.winner) this.outcome = { winner: state.winner, slot: this.slot, lastRound: state.round };
  }

  private act(round: number): void {
    if (round > this.holdAfter) return;
    this.emit('playerAction', { ...this.moves, round });
  }

  /** Its node went away: a node that is up now (another one, or the same once it is back). */
  private async reconnect(lost: ClusterNode): Promise<void> {
    this.client = null;
    while (!this.closed) {
      const up = this.nodes().filter((node) => node.up && node !== lost);
      const choice = up[Math.floor(Math.random() * up.length)] ?? (lost.up ? lost : undefined);
      if (choice) {
        try {
          await this.connect(choice);
          return;
        } catch {
          // Refused or cut: that node is going down; another pick.
        }
      }
      await sleep(200);
    }
  }

  private waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined && !this.closed) return false;
        finish();
        if (found === undefined) reject(new Error(`${this.player.name}: closed while waiting for ${what}`));
        else resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${this.player.name}: no ${what} within ${timeoutMs} ms\n${this.transcript()}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.wake = this.wake.filter((wake) => wake !== waker);
      };
      const waker = () => void check();
      if (check()) return;
      this.wake.push(waker);
    });
  }
}
