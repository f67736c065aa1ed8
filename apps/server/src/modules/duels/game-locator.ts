// Where a game's command runs (docs/several-nodes.md, after Colyseus's remote room calls): on this
// node when it holds the game, else on the node the game's lease names, over the node bus. A
// game can move between the lookup and the call (its node stopped or died, another takes it
// over): the lookup is made again until the game settles on a live node, within a bound, before
// the caller is told the game is gone. Without a bus (one node) only this node's games exist.
import { setTimeout as sleep } from 'node:timers/promises';
import type { GameCalls } from './game-calls';
import { NOT_HERE, isNotHere } from './game-calls';
import type { NodeBus } from './realtime-ports';
import type { GameLeasesStore } from './recovery';

/**
 * A node answers a call in milliseconds; one silent this long is taken for dead (its lease will
 * lapse and another node take its games over).
 */
export const NODE_CALL_TIMEOUT_MS = 3_000;
/**
 * How long a command waits for its game to settle on a node: a dead owner's lease lapsing (10 s)
 * plus the next takeover pass and resume, with room to spare on a busy machine.
 */
const SETTLE_WITHIN_MS = 20_000;
const MOVING_WAIT_MS = 200;
/** Owners remembered per game, so a remote player's every move skips the lease lookup. */
const OWNER_CACHE_SIZE = 20_000;

type Method = keyof GameCalls;
interface CallMessage {
  readonly method: Method;
  readonly args: readonly unknown[];
}

const METHODS: readonly Method[] = ['peek', 'seat', 'bot', 'act', 'clientSeed', 'resign', 'claimVictory', 'cancel', 'reset', 'rejoin', 'rejoinGuest', 'detach', 'watch', 'unwatch'];
const isCall = (message: unknown): message is CallMessage =>
  typeof message === 'object' && message !== null && METHODS.includes((message as CallMessage).method) && Array.isArray((message as CallMessage).args);

/** Calls to a node that are not about one game (a tournament's reserved duel, on the leader). */
export type NodeCalls = Readonly<Record<string, (...args: readonly unknown[]) => Promise<unknown>>>;

/** The calls, plus a hint of where a game is (a match queue entry names its node). */
export interface LocatedCalls extends GameCalls {
  hint(sessionId: string, node: string): void;
}

export function createGameLocator(local: GameCalls, options: { nodeId: string; bus?: NodeBus; leases?: GameLeasesStore; nodeCalls?: NodeCalls }): LocatedCalls {
  const { bus, leases, nodeId } = options;
  const invoke = (calls: GameCalls, method: Method, args: readonly unknown[]): Promise<unknown> => (calls[method] as (...a: readonly unknown[]) => Promise<unknown>)(...args);

  bus?.serve(async (message) => {
    if (isCall(message)) return invoke(local, message.method, message.args);
    const call = message as { nodeCall?: unknown; args?: unknown };
    const handler = typeof call.nodeCall === 'string' ? options.nodeCalls?.[call.nodeCall] : undefined;
    if (!handler || !Array.isArray(call.args)) throw new Error('not a call this node serves');
    return handler(...call.args);
  });

  // The owner a game was last found on: asked first, forgotten when it no longer holds the game.
  const knownOwners = new Map<string, string>();
  const remember = (sessionId: string, node: string) => {
    knownOwners.delete(sessionId);
    knownOwners.set(sessionId, node);
    if (knownOwners.size > OWNER_CACHE_SIZE) knownOwners.delete(knownOwners.keys().next().value as string);
  };

  async function askKnownOwner(sessionId: string, method: Method, args: readonly unknown[]): Promise<unknown> {
    const node = knownOwners.get(sessionId);
    if (node === undefined || !bus) return NOT_HERE;
    const there = await bus.request(node, { method, args } satisfies CallMessage, NODE_CALL_TIMEOUT_MS).catch(() => NOT_HERE);
    if (isNotHere(there)) knownOwners.delete(sessionId);
    return there;
  }

  async function locate(method: Method, args: readonly unknown[]): Promise<unknown> {
    const sessionId = args[0] as string;
    const deadline = Date.now() + SETTLE_WITHIN_MS;
    let failure: unknown = null;
    for (;;) {
      const here = await invoke(local, method, args);
      if (!isNotHere(here) || !bus || !leases) return here;
      const cached = await askKnownOwner(sessionId, method, args);
      if (!isNotHere(cached)) return cached;
      const owner = await leases.ownerOf(sessionId);
      if (owner === null) return NOT_HERE;
      // Leased to a node that answers: ask it. Leased to this node but not running yet (a
      // takeover being resumed), to a node whose lease lapsed (dead: the next pass takes it
      // over), or to one that did not answer or no longer holds it (moving): look again.
      if (owner.node !== nodeId && owner.live) {
        try {
          const there = await bus.request(owner.node, { method, args } satisfies CallMessage, NODE_CALL_TIMEOUT_MS);
          if (!isNotHere(there)) {
            remember(sessionId, owner.node);
            return there;
          }
        } catch (error) {
          failure = error;
        }
      }
      if (Date.now() > deadline) break;
      await sleep(MOVING_WAIT_MS);
    }
    if (failure) throw failure;
    return NOT_HERE;
  }

  const located = {} as Record<Method, (...args: readonly unknown[]) => Promise<unknown>>;
  for (const method of METHODS) located[method] = (...args) => locate(method, args);
  const hint = (sessionId: string, node: string) => {
    if (node !== nodeId && bus) remember(sessionId, node);
  };
  return { ...(located as unknown as GameCalls), hint };
}

/** Sends a node call (NodeCalls) to `node`. */
export function callNode(bus: NodeBus, node: string, name: string, args: readonly unknown[]): Promise<unknown> {
  return bus.request(node, { nodeCall: name, args }, NODE_CALL_TIMEOUT_MS);
}
