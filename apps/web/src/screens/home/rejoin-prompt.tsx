// An active game was found on wallet connect: rejoin it, or start a new one. A called
// tournament match the player waits in is not left for a new game (its seat is what counts at the
// deadline, and the server keeps it): the prompt only leads back into it.
import type { GameState } from '@duel-dojo/protocol';
import { Modal } from '../../components/modal/modal';
import { isCalledMatchWaiting, matchOfGame } from '../../features/tournaments/called-match';
import { useKnownCalls } from '../../features/tournaments/match-call-store';
import { playerName } from '../../features/tournaments/player-name';

const stakeWords = (betAmount: string | undefined) => (betAmount === 'Free!' ? 'free' : `${betAmount ?? ''} staked`);

function CalledMatchPrompt({ game, onRejoin }: { readonly game: GameState; readonly onRejoin: () => void }) {
  const match = matchOfGame(game, useKnownCalls(), Date.now());
  const opponent = match ? playerName(match.opponent) : 'your opponent';
  return (
    <Modal open title="Your tournament match is waiting" size="small">
      <p>You are in your tournament match, waiting for {opponent}. Stay in it: if they are not here by the deadline, they forfeit and you go through.</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onRejoin} data-autofocus>
          Back to the match
        </button>
      </div>
    </Modal>
  );
}

export function RejoinPrompt({ game, onRejoin, onStartNew }: { readonly game: GameState | null; readonly onRejoin: () => void; readonly onStartNew: () => void }) {
  if (game && isCalledMatchWaiting(game)) return <CalledMatchPrompt game={game} onRejoin={onRejoin} />;
  const waiting = game?.phase === 'waiting';
  return (
    <Modal open={game !== null} title="Active game found" size="small">
      <p>
        {waiting
          ? `You are still waiting for an opponent in your ${stakeWords(game?.betAmount)} game.`
          : `Your ${stakeWords(game?.betAmount)} duel is still running${game && game.round > 0 ? ` (round ${game.round})` : ''}.`}{' '}
        Rejoin it, or start a new game{waiting ? '' : ' (the running duel goes on without you)'}.
      </p>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onStartNew}>
          Start New Game
        </button>
        <button type="button" className="btn btn-primary" onClick={onRejoin} data-autofocus>
          Rejoin Game
        </button>
      </div>
    </Modal>
  );
}
