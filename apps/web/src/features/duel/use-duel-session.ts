// Everything the home screen's duel needs, composed: the socket, the live duel, the stake
// payment and the join, the active-game check on connect (a guest's by its rejoin key), the
// leave-game guard while a game runs, the reconnecting state of a live game, the player's own
// seed sent once the commitment shows (docs/fairness.md), and the round log kept for the
// history's Verify once the game is over.
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { useLeaveGameGuard } from '../leave-guard/leave-guard';
import { isLiveGame } from './battle-view';
import { saveRoundLog } from './round-log-store';
import { useActiveGameCheck } from './use-active-game-check';
import { useClientSeed } from './use-client-seed';
import { useDuel } from './use-duel';
import { useGameSocket } from './use-game-socket';
import { useJoin } from './use-join';
import { useReconnecting } from './use-reconnecting';
import { useStakePayment } from './use-stake-payment';

export function useDuelSession() {
  const auth = useAuth();
  // The socket's identity is the session token: only a signed-in wallet plays as itself.
  const wallet = auth.user?.walletAddress ?? null;
  const game = useGameSocket(true);
  const duel = useDuel(game, wallet);
  useClientSeed(game.connection, duel.state);
  const payment = useStakePayment(game.connection);
  const join = useJoin(game, duel, payment, wallet);
  const { sessionId, game: live, log } = duel.state;
  // A signed-in wallet is asked about on connect; a guest (once no session is being restored)
  // when this tab keeps the rejoin key of a game.
  const asks = Boolean(wallet) || auth.status === 'anonymous';
  const check = useActiveGameCheck(game.connection, wallet, asks && sessionId === null && join.state.phase === 'idle');

  // The game the prompt offered ended meanwhile: its result is shown, as a rejoin would have.
  const { ended } = check;
  const { showEnded } = duel;
  useEffect(() => {
    if (ended) showEnded(ended);
  }, [ended, showEnded]);

  const reconnecting = useReconnecting(game.connection, sessionId, isLiveGame(duel.state));

  const phase = live?.phase;
  useLeaveGameGuard(phase === 'intro' || phase === 'round' || phase === 'results', duel.resign);

  const over = Boolean(live?.gameOver);
  useEffect(() => {
    if (!over || !live || !live.opponentCharacter) return;
    saveRoundLog({ sessionId: live.sessionId, characters: { player1: live.playerCharacter.id, player2: live.opponentCharacter.id }, rounds: log });
  }, [over, live, log]);

  return { auth, wallet, game, duel, payment, join, check, reconnecting };
}

export type DuelSession = ReturnType<typeof useDuelSession>;
