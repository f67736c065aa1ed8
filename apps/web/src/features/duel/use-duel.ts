// The live duel on the shared socket: the reducer fed with the server's game events, the round
// timers (time up at endTime on the server clock, results for 4 s), the intro, the player's
// commands, and a guest's rejoin key (rejoin-key-store.ts). A game is followed only once the
// player joined, accepted an invite or chose to rejoin; until then its events are ignored
// (checking for an active game already re-attaches the socket on the server).
import type { GameState } from '@duel-dojo/protocol';
import { type Action, RESULTS_DISPLAY_MS } from '@duel-dojo/rules';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { listenToGame } from './duel-socket';
import { type DuelState, INITIAL_DUEL, canPick, duelReducer } from './duel-state';
import { activeGamePayload, forgetRejoinKey, saveRejoinKey } from './rejoin-key-store';
import type { GameSocketValue } from './use-game-socket';

export interface Duel {
  readonly state: DuelState;
  /** Follow the next game this socket is told about (after joinGame, joinViaInvite). */
  expectGame(expected: boolean): void;
  /** Follow the active game found on connect: asks for its full state and joins it with a 2 s intro. */
  rejoin(): void;
  /** Show a game this player was in that has just ended (its final state): its result, claim included. */
  showEnded(state: GameState): void;
  predict(action: Action): void;
  undo(): void;
  /**
   * The second pick: sends {action, prediction}; it counts once the server confirms it. Chosen
   * offline, it is sent when the connection is back if its round is still open, else it is missed.
   */
  act(action: Action): void;
  /** Ends the running game now, the opponent winning (docs/leaving-a-game.md). */
  resign(): void;
  /** Wins over an opponent away for the claim delay; the server has the last word. */
  claimVictory(): void;
  /** The server's refusal of the last resign or claimVictory, to show; null when none. */
  readonly refusal: string | null;
  /** Leaves the game screen: emits resetGame and forgets the game. */
  reset(): void;
}

export function useDuel(game: GameSocketValue, wallet: string | null): Duel {
  const [state, dispatch] = useReducer(duelReducer, INITIAL_DUEL);
  const current = useRef(state);
  current.current = state;
  const expecting = useRef(false);
  /** The game followed, known before React renders the state that holds it. */
  const followed = useRef<string | null>(null);
  /** "Rejoin Game" was chosen: the answer to checkActiveGame brings the game, with a 2 s intro. */
  const rejoining = useRef(false);
  const { connection, offset } = game;
  const walletRef = useRef(wallet);
  walletRef.current = wallet;
  /** The move chosen this round until the server confirms it: re-sent after a reconnect. */
  const outbox = useRef<{ sessionId: string; round: number; endTime: number | null; action: Action; prediction: Action } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // A signed-in player is found by its wallet, a guest by its seat's rejoin key.
  const askFullState = useCallback(() => {
    connection?.socket.emit('checkActiveGame', activeGamePayload(walletRef.current));
  }, [connection]);

  useEffect(() => {
    if (!connection) return undefined;
    const { socket, protocol } = connection;
    const serverNow = () => Date.now() + offset.current;
    const accept = (incoming: GameState, rejoin: boolean) => {
      const known = followed.current;
      if (known === null ? !expecting.current : incoming.sessionId !== known) return;
      expecting.current = false;
      followed.current = incoming.sessionId;
      dispatch({ type: 'game-state', state: incoming, socketId: socket.id ?? null, wallet: walletRef.current, serverNow: serverNow(), rejoin });
    };
    const off = listenToGame(socket, protocol, {
      gameState: (incoming) => {
        if (!rejoining.current) accept(incoming, false);
      },
      activeGameCheck: (answer) => {
        const rejoin = rejoining.current;
        rejoining.current = false;
        if (answer.gameSession) accept(answer.gameSession, rejoin);
        else if (rejoin) expecting.current = false;
        if (answer.gameSession) sendAfterReconnect(answer.gameSession);
      },
      roundStart: (event) => dispatch({ type: 'round-start', event, serverNow: serverNow() }),
      roundEnd: (event) => dispatch({ type: 'round-end', event }),
      actionConfirmed: (event) => {
        if (outbox.current?.round === event.round) outbox.current = null;
        dispatch({ type: 'action-confirmed', event });
      },
      opponentStatus: (event) => dispatch({ type: 'opponent-status', event }),
      opponentLocked: (event) => dispatch({ type: 'opponent-locked', event }),
      error: (error) => {
        if (error.event === 'playerAction') {
          outbox.current = null;
          // The server has a move for this round already: its full state shows which.
          if (error.code === 'ACTION_ALREADY_SENT') askFullState();
          else dispatch({ type: 'action-refused' });
        } else if (error.event === 'resign' || error.event === 'claimVictory') {
          setRefusal(error.message);
        }
      },
    });
    /** The seat is ours again: a move chosen meanwhile goes now if its round still runs, else it was missed. */
    function sendAfterReconnect(state: GameState) {
      const move = outbox.current;
      if (!move || move.sessionId !== state.sessionId) return;
      outbox.current = null;
      if (state.myMove) return;
      if (state.phase === 'round' && state.round === move.round && state.endTime === move.endTime) {
        outbox.current = move;
        socket.emit('playerAction', { action: move.action, prediction: move.prediction, round: move.round });
      } else {
        dispatch({ type: 'action-refused' });
      }
    }
    // A new connection has a new socket id: the server must point our seat at it.
    const onReconnect = () => {
      if (current.current.sessionId && !current.current.game?.gameOver) askFullState();
    };
    socket.on('connect', onReconnect);
    return () => {
      off();
      socket.off('connect', onReconnect);
    };
  }, [connection, offset, askFullState]);

  useEffect(() => {
    if (!state.needsFullState) return;
    askFullState();
    dispatch({ type: 'full-state-requested' });
  }, [state.needsFullState, askFullState]);

  // A guest's seat key is kept (per tab) while its game can be played, and forgotten at its end.
  const { sessionId: followedId, game: followedGame } = state;
  const seatKey = followedGame?.rejoinKey ?? null;
  const finished = followedGame !== null && (followedGame.gameOver || followedGame.phase === 'over' || followedGame.phase === 'cancelled');
  useEffect(() => {
    if (followedId === null) return;
    if (finished) forgetRejoinKey(followedId);
    else if (seatKey) saveRejoinKey({ sessionId: followedId, rejoinKey: seatKey });
  }, [followedId, seatKey, finished]);

  const { phase, endTime, round, lastHandledRoundEnd } = state.rounds;
  useEffect(() => {
    if (phase !== 'results-display') return undefined;
    const timer = setTimeout(() => dispatch({ type: 'results-done' }), RESULTS_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [phase, lastHandledRoundEnd]);

  useEffect(() => {
    if (phase !== 'round-active' || endTime === null) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'time-up' }), Math.max(0, endTime - (Date.now() + offset.current)));
    return () => clearTimeout(timer);
  }, [phase, endTime, round, offset]);

  const intro = state.intro;
  useEffect(() => {
    if (!intro) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'intro-done' }), intro.ms);
    return () => clearTimeout(timer);
  }, [intro]);

  const expectGame = useCallback((expected: boolean) => {
    expecting.current = expected;
  }, []);

  const rejoin = useCallback(() => {
    expecting.current = true;
    rejoining.current = true;
    askFullState();
  }, [askFullState]);

  const showEnded = useCallback(
    (ended: GameState) => {
      if (followed.current !== null) return;
      followed.current = ended.sessionId;
      dispatch({ type: 'game-state', state: ended, socketId: connection?.socket.id ?? null, wallet: walletRef.current, serverNow: Date.now() + offset.current });
    },
    [connection, offset],
  );

  const predict = useCallback((action: Action) => dispatch({ type: 'predict', action }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const act = useCallback(
    (action: Action) => {
      const now = current.current;
      if (!connection || !now.sessionId || !canPick(now) || now.move.prediction === null) return;
      const move = { action, prediction: now.move.prediction, round: now.rounds.round };
      outbox.current = { sessionId: now.sessionId, endTime: now.rounds.endTime, ...move };
      dispatch({ type: 'act', action });
      // Offline, Socket.IO would buffer the pick and send it before the seat is taken back, maybe
      // to a game resumed from an earlier round: it waits in the outbox for the full state instead.
      if (connection.socket.connected) connection.socket.emit('playerAction', move);
    },
    [connection],
  );

  const resign = useCallback(() => {
    const sessionId = current.current.sessionId;
    setRefusal(null);
    if (sessionId) connection?.socket.emit('resign', { sessionId });
  }, [connection]);

  const claimVictory = useCallback(() => {
    const sessionId = current.current.sessionId;
    setRefusal(null);
    if (sessionId) connection?.socket.emit('claimVictory', { sessionId });
  }, [connection]);

  const reset = useCallback(() => {
    // Left after its end, or cancelled by the resetGame below: nothing to come back to.
    if (followed.current) forgetRejoinKey(followed.current);
    expecting.current = false;
    rejoining.current = false;
    followed.current = null;
    outbox.current = null;
    setRefusal(null);
    connection?.socket.emit('resetGame');
    dispatch({ type: 'reset' });
  }, [connection]);

  return useMemo(
    () => ({ state, expectGame, rejoin, showEnded, predict, undo, act, resign, claimVictory, refusal, reset }),
    [state, expectGame, rejoin, showEnded, predict, undo, act, resign, claimVictory, refusal, reset],
  );
}
