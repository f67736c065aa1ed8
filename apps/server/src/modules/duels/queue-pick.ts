// Which waiting game a joiner takes (docs/several-nodes.md "Matchmaking"): with several nodes, a
// joiner prefers a waiting game held by its own node, so that the game's events never cross
// Redis; no one waits long for it. With one node every entry names it: the oldest, as a FIFO.
import { parseQueueEntry } from './queue-entry';
import type { QueuedGame } from './realtime-ports';

/**
 * How long a waiting game is kept for a joiner of its own node before any joiner takes it. Long
 * enough to span a few joins of one node under load (at tens of joins a second per node the next
 * arrives within ~100 ms), short enough to stay under the time a player takes to read "waiting
 * for an opponent": it is added to a lone player's wait only when the two players are on two nodes.
 */
export const OWN_NODE_PREFERENCE_MS = 1_500;

/** How many of a tier's oldest waiting games a pick looks at (beyond them, a new waiting game). */
export const PICK_WINDOW = 64;

/**
 * Whether this joiner may wait for a joiner of its own node in place of taking a younger waiting
 * game of another node: `may` (no one of this node waits so), `busy` (another joiner of this
 * node waits so: this one queues a game for it), `done` (this joiner waited so already).
 */
export type HoldState = 'may' | 'busy' | 'done';

export type QueuePick =
  | { readonly take: QueuedGame }
  /** Wait this long (or until this node queues a game in the tier), then pick again. */
  | { readonly hold: number }
  | 'create';

/**
 * `games` oldest first. The first that is this node's, or has waited the limit, or whose age or
 * node is unknown (queued by an older version: taken as before). With only younger games of
 * other nodes: hold until the oldest of them reaches the limit, or queue this joiner's own game
 * when another joiner of this node holds already; after a hold, the oldest whatever its node.
 */
export function pickWaiting(games: readonly QueuedGame[], nodeId: string, hold: HoldState, limitMs = OWN_NODE_PREFERENCE_MS): QueuePick {
  const first = games.find((game) => {
    const { node } = parseQueueEntry(game.entry);
    return node === null || node === nodeId || game.waitedMs === null || game.waitedMs >= limitMs;
  });
  if (first) return { take: first };
  const oldest = games[0];
  if (!oldest) return 'create';
  if (hold === 'done') return { take: oldest };
  if (hold === 'busy') return 'create';
  return { hold: Math.max(0, limitMs - Math.max(...games.map((game) => game.waitedMs ?? limitMs))) };
}
