// Spec §2/§4: an active game was found on wallet connect: rejoin it, or start a new one.
import type { GameState } from '@duel-dojo/protocol';
import { Modal } from '../../components/modal/modal';

const stakeWords = (betAmount: string | undefined) => (betAmount === 'Free!' ? 'free' : `${betAmount ?? ''} staked`);

export function RejoinPrompt({ game, onRejoin, onStartNew }: { readonly game: GameState | null; readonly onRejoin: () => void; readonly onStartNew: () => void }) {
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
