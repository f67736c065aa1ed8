// The player's own seed for the followed game (docs/fairness.md): once the game first shows its
// commitment before round 1 (waiting for its creator, intro for the joiner), the tab keeps that
// commitment and sends submitClientSeed once, with the seed the player typed or 16 random bytes.
// The record in sessionStorage (client-seed-store.ts) is written before the send, so a reload or a
// rejoin never sends a second one. A refusal only means this tab cannot say which seed counted.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { listenToGame } from './duel-socket';
import type { DuelState } from './duel-state';
import { type SeenFairness, loadOwnSeed, loadSeen, markRefused, randomSeed, saveSeen, seedsSnapshot, subscribeSeeds } from './client-seed-store';
import type { GameConnection } from './use-game-socket';

/** Whether the game has not reached round 1 yet: seeds are still taken. */
export function beforeRoundOne(game: DuelState['game']): boolean {
  return game !== null && game.round === 0 && !game.gameOver && (game.phase === 'waiting' || game.phase === 'intro');
}

export function useClientSeed(connection: GameConnection | null, state: DuelState): void {
  const { sessionId, game, mySlot } = state;
  const commitment = game?.fairness.commitment ?? null;
  const open = beforeRoundOne(game);
  /** The game the last seed went to: an error names the event, not the game. */
  const sentTo = useRef<string | null>(null);

  useEffect(() => {
    if (!connection || !sessionId || !commitment || !open || loadSeen(sessionId)) return;
    const seed = loadOwnSeed() ?? randomSeed();
    saveSeen({ sessionId, commitment, seed, refused: null, slot: mySlot });
    sentTo.current = sessionId;
    connection.socket.emit('submitClientSeed', { sessionId, clientSeed: seed });
  }, [connection, sessionId, commitment, open, mySlot]);

  useEffect(() => {
    if (!connection) return undefined;
    return listenToGame(connection.socket, connection.protocol, {
      error: (error) => {
        if (error.event === 'submitClientSeed' && sentTo.current) markRefused(sentTo.current, error.code ?? 'REFUSED');
      },
    });
  }, [connection]);
}

/** What this tab saw of game `sessionId` before round 1, and the typed seed; re-read on change. */
export function useSeenFairness(sessionId: string | null): { readonly seen: SeenFairness | null; readonly ownSeed: string | null } {
  const snapshot = useSyncExternalStore(subscribeSeeds, seedsSnapshot);
  return useMemo(
    () => ({ seen: sessionId ? loadSeen(sessionId) : null, ownSeed: loadOwnSeed() }),
    // The snapshot is the stored text: a new one means something changed.
    [sessionId, snapshot],
  );
}
