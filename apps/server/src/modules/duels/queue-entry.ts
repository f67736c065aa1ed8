// A match queue entry names the node that holds the waiting game (docs/several-nodes.md): a
// joiner on another node asks that node directly, with no lookup of the game's lease, and so
// without racing the game's row being written. A stale node (the game moved since) answers that
// it does not hold the game, and the joiner looks it up as for any other command.
export const queueEntry = (sessionId: string, node: string): string => `${sessionId}@${node}`;

export function parseQueueEntry(entry: string): { readonly sessionId: string; readonly node: string | null } {
  const at = entry.indexOf('@');
  return at < 0 ? { sessionId: entry, node: null } : { sessionId: entry.slice(0, at), node: entry.slice(at + 1) };
}
