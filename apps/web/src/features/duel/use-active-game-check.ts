// On wallet connect the server is asked whether the player has an active game (1 s
// after the connection, answer within 5 s), and the player may rejoin it or start a new one. A
// guest is asked the same after a reload when this tab holds the rejoin key of a game.
import type { GameState } from '@duel-dojo/protocol';
import { ACTIVE_GAME_CHECK_DELAY_MS, ACTIVE_GAME_RESULT_TIMEOUT_MS } from '@duel-dojo/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { emitAndWait } from '../../net/socket-request';
import { listenToGame } from './duel-socket';
import { forgetRejoinKey, readRejoinKey } from './rejoin-key-store';
import type { GameConnection } from './use-game-socket';

const LIVE_PHASES: ReadonlySet<GameState['phase']> = new Set(['waiting', 'intro', 'round', 'results']);

export interface ActiveGameCheck {
  /** The game found, while the prompt is open. */
  readonly found: GameState | null;
  /** "Start New Game": leaves the found game (a waiting one is cancelled, with its refund). */
  startNew(): void;
  /** Closes the prompt (after "Rejoin Game"). */
  close(): void;
  /** The found game ended while its prompt was open: its final state, for its result (else null). */
  readonly ended: GameState | null;
}

/**
 * `enabled`: no game followed yet, and either a signed-in `wallet` or a guest (`wallet` null; it
 * is asked only when this tab keeps a rejoin key).
 */
export function useActiveGameCheck(connection: GameConnection | null, wallet: string | null, enabled: boolean): ActiveGameCheck {
  const [found, setFound] = useState<GameState | null>(null);
  const [ended, setEnded] = useState<GameState | null>(null);
  // The found game's id, set in the same task as the answer: its end may come in the very next
  // message, before React has rendered the prompt, and must not be missed. A game's end read
  // before the answer itself (two messages handled in one task) is kept for the answer to see.
  const foundId = useRef<string | null>(null);
  const endedEarly = useRef<GameState | null>(null);

  // The check pointed this socket at the game, so its events come here: when it ends, the prompt
  // goes (there is nothing to rejoin) and the final state shows the result instead.
  useEffect(() => {
    if (!connection) return undefined;
    return listenToGame(connection.socket, connection.protocol, {
      gameState: (state) => {
        if (LIVE_PHASES.has(state.phase)) return;
        if (state.sessionId !== foundId.current) {
          endedEarly.current = state;
          return;
        }
        foundId.current = null;
        setFound(null);
        if (state.gameOver) setEnded(state);
      },
    });
  }, [connection]);
  const checked = useRef<{ connection: GameConnection; who: string } | null>(null);

  useEffect(() => {
    if (!enabled || !connection) return undefined;
    const guest = wallet ? null : readRejoinKey();
    const who = wallet ?? (guest ? `guest:${guest.rejoinKey}` : null);
    if (!who) return undefined;
    if (checked.current?.connection === connection && checked.current.who === who) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      checked.current = { connection, who };
      endedEarly.current = null;
      const payload = guest ? { rejoinKey: guest.rejoinKey } : { walletAddress: wallet };
      emitAndWait(connection.socket, 'checkActiveGames', payload, 'activeGameResult', ACTIVE_GAME_RESULT_TIMEOUT_MS)
        .then((raw) => {
          const answer = connection.protocol.activeGameResultEvent.safeParse(raw);
          if (!answer.success) return;
          const game = answer.data.hasActiveGame ? answer.data.gameData : null;
          const over = endedEarly.current?.sessionId === game?.sessionId ? endedEarly.current : null;
          const running = game && LIVE_PHASES.has(game.phase) && !over ? game : null;
          if (live && over?.gameOver) setEnded(over);
          // The key's game is over (or unknown to the server): nothing to come back to.
          if (guest && !running) forgetRejoinKey(guest.sessionId);
          if (live && running) {
            foundId.current = running.sessionId;
            setFound(running);
          }
        })
        // No answer in 5 s: no prompt, the player plays on.
        .catch(() => undefined);
    }, ACTIVE_GAME_CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [enabled, connection, wallet]);

  const startNew = useCallback(() => {
    connection?.socket.emit('resetGame');
    foundId.current = null;
    setFound(null);
  }, [connection]);
  const close = useCallback(() => {
    foundId.current = null;
    setFound(null);
  }, []);
  return { found, startNew, close, ended };
}
