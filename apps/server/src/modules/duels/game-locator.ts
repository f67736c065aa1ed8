// Where a game's command runs (docs/several-nodes.md, after Colyseus's remote room calls): on this
// node when it holds the game, else on the node the game's lease names, over the node bus. A
// game can move between the lookup and the call (its node died, another took it over): the
// answer is then NOT_HERE, and the lookup is made again, a few times, before the caller is told
// the game is gone. Without a bus (one node) only this node's games exist.
import type { GameCalls } from './game-calls';
import { NOT_HERE, isNotHere } from './game-calls';
import type { NodeBus } from './realtime-ports';
import type { GameLeasesStore } from './recovery';

/** A call to another node that takes longer is treated as failed (its node is stuck or gone). */
export const NODE_CALL_TIMEOUT_MS = 10_000;
/** Lookups of a game that is moving between nodes, and the wait between two. */
const ATTEMPTS = 5;
const MOVING_WAIT_MS = 200;

type Method = keyof GameCalls;
interface CallMessage {
  readonly method: Method;
  readonly args: readonly unknown[];
}

const METHODS: readonly Method[] = ['peek', 'seat', 'bot', 'act', 'cancel', 'reset', 'rejoin', 'rejoinGuest', 'detach'];
const isCall = (message: unknown): message is CallMessage =>
  typeof message === 'object' && message !== null && METHODS.includes((message as CallMessage).method) && Array.isArray((message as CallMessage).args);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls to a node that are not about one game (a tournament's reserved duel, on the leader). */
export type NodeCalls = Readonly<Record<string, (...args: readonly unknown[]) => Promise<unknown>>>;

export function createGameLocator(local: GameCalls, options: { nodeId: string; bus?: NodeBus; leases?: GameLeasesStore; nodeCalls?: NodeCalls }): GameCalls {
  const { bus, leases, nodeId } = options;
  const invoke = (calls: GameCalls, method: Method, args: readonly unknown[]): Promise<unknown> => (calls[method] as (...a: readonly unknown[]) => Promise<unknown>)(...args);

  bus?.serve(async (message) => {
    if (isCall(message)) return invoke(local, message.method, message.args);
    const call = message as { nodeCall?: unknown; args?: unknown };
    const handler = typeof call.nodeCall === 'string' ? options.nodeCalls?.[call.nodeCall] : undefined;
    if (!handler || !Array.isArray(call.args)) throw new Error('not a call this node serves');
    return handler(...call.args);
  });

  async function locate(method: Method, args: readonly unknown[]): Promise<unknown> {
    const sessionId = args[0] as string;
    let failure: unknown = null;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const here = await invoke(local, method, args);
      if (!isNotHere(here) || !bus || !leases) return here;
      const owner = await leases.ownerOf(sessionId);
      if (owner === null) return NOT_HERE;
      // Leased to this node but not running yet (a takeover being resumed), or just moved, or its
      // node is stopping and did not answer: look again.
      if (owner !== nodeId) {
        try {
          const there = await bus.request(owner, { method, args } satisfies CallMessage, NODE_CALL_TIMEOUT_MS);
          if (!isNotHere(there)) return there;
        } catch (error) {
          failure = error;
        }
      }
      await sleep(MOVING_WAIT_MS);
    }
    if (failure) throw failure;
    return NOT_HERE;
  }

  const located = {} as Record<Method, (...args: readonly unknown[]) => Promise<unknown>>;
  for (const method of METHODS) located[method] = (...args) => locate(method, args);
  return located as unknown as GameCalls;
}

/** Sends a node call (NodeCalls) to `node`. */
export function callNode(bus: NodeBus, node: string, name: string, args: readonly unknown[]): Promise<unknown> {
  return bus.request(node, { nodeCall: name, args }, NODE_CALL_TIMEOUT_MS);
}
