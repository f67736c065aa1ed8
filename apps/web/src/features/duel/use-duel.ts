// The live duel on the shared socket: the reducer fed with the server's game events, the round
// timers (time up at endTime on the server clock, results for 4 s), the intro, the player's
// commands, and a guest's rejoin key (rejoin-key-store.ts). A game is followed only once the
// player joined, accepted an invite or chose to rejoin; until then its events are ignored
// (checking for an active game already re-attaches the socket on the server).
import type { GameState } from '@duel-dojo/protocol';
import { type Action, RESULTS_DISPLAY_MS } from '@duel-dojo/rules';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
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
  predict(action: Action): void;
  undo(): void;
  /** The second pick: sends {action, prediction} and locks the round. */
  act(action: Action): void;
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
      },
      roundStart: (event) => dispatch({ type: 'round-start', event, serverNow: serverNow() }),
      roundEnd: (event) => dispatch({ type: 'round-end', event }),
      actionConfirmed: (event) => dispatch({ type: 'action-confirmed', event }),
    });
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

  const predict = useCallback((action: Action) => dispatch({ type: 'predict', action }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const act = useCallback(
    (action: Action) => {
      const now = current.current;
      // Offline, Socket.IO would buffer the pick and send it on reconnect, before the seat is
      // taken back, maybe to a game resumed from an earlier round: it is not sent at all.
      if (!connection?.socket.connected || !canPick(now) || now.move.prediction === null) return;
      connection.socket.emit('playerAction', { action, prediction: now.move.prediction, round: now.rounds.round });
      dispatch({ type: 'act', action });
    },
    [connection],
  );

  const reset = useCallback(() => {
    // Left after its end, or cancelled by the resetGame below: nothing to come back to.
    if (followed.current) forgetRejoinKey(followed.current);
    expecting.current = false;
    rejoining.current = false;
    followed.current = null;
    connection?.socket.emit('resetGame');
    dispatch({ type: 'reset' });
  }, [connection]);

  return useMemo(() => ({ state, expectGame, rejoin, predict, undo, act, reset }), [state, expectGame, rejoin, predict, undo, act, reset]);
}
