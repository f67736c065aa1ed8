// Rematch on the game-over view (docs/rematch.md): whether it can still be asked (a duel between
// two wallets, within the window after game over, as this tab saw the end), and the opponent's
// offer (rematchOffered) with the seconds left, until it expires or the game on screen changes.
// Asking, or accepting an offer, is a join (use-join.ts, `rematchOf`).
import type { GameState, ServerEventPayload } from '@duel-dojo/protocol';
import { REMATCH_WINDOW_MS } from '@duel-dojo/rules';
import { useEffect, useState } from 'react';
import { listenToGame } from './duel-socket';
import type { GameConnection } from './use-game-socket';

export type RematchOffer = ServerEventPayload<'rematchOffered'>;

export interface Rematch {
  /** Rematch can be asked now. */
  readonly open: boolean;
  readonly offer: RematchOffer | null;
  /** Of the offer, when there is one. */
  readonly secondsLeft: number;
}

/** A duel of two signed-in wallets, not a tournament's match: the only kind with a rematch. */
export function hasRematch(game: GameState | null, wallet: string | null): boolean {
  return Boolean(wallet && game && game.gameOver && !game.vsBot && game.player1Wallet && game.player2Wallet && !game.tournament);
}

/** `finished`: the game on screen when it is over and may have a rematch, else null. */
export function useRematch(connection: GameConnection | null, finished: GameState | null, offset: { readonly current: number }): Rematch {
  const sessionId = finished?.sessionId ?? null;
  const [offer, setOffer] = useState<RematchOffer | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [overAt, setOverAt] = useState<number | null>(null);

  useEffect(() => {
    setOffer(null);
    setOverAt(sessionId === null ? null : Date.now());
    if (!connection || sessionId === null) return undefined;
    return listenToGame(connection.socket, connection.protocol, {
      rematchOffered: (incoming) => {
        if (incoming.sessionId !== sessionId) return;
        setNow(Date.now());
        setOffer(incoming);
      },
    });
  }, [connection, sessionId]);

  // One tick a second while something can still change: the window, or an offer's countdown.
  const windowEnd = overAt === null ? null : overAt + REMATCH_WINDOW_MS;
  const ticking = (windowEnd !== null && now < windowEnd) || (offer !== null && now + offset.current < offer.expiresAt);
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [ticking]);

  const secondsLeft = offer ? Math.max(0, Math.ceil((offer.expiresAt - (now + offset.current)) / 1000)) : 0;
  const live = offer && secondsLeft > 0 ? offer : null;
  return { open: live !== null || (windowEnd !== null && now < windowEnd), offer: live, secondsLeft };
}
