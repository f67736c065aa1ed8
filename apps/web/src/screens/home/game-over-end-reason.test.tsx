// The game-over popup says how the duel ended (gameState's endReason), in the viewer's words.
import type { EndReason } from '@duel-dojo/protocol';
import { characterOrDefault } from '@duel-dojo/rules';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BattleView } from '../../features/duel/battle-view';
import { GameOverPopup } from './game-over-popup';

const fighter = (name: string, health: number, slot: 'player1' | 'player2') => ({ slot, name, character: characterOrDefault(4), health });

function show(outcome: BattleView['outcome'], endReason: EndReason | null) {
  const view: BattleView = { me: fighter('kenji', 40, 'player1'), opponent: fighter('yuki', 0, 'player2'), round: 3, paid: false, stakeLamports: 0n, outcome };
  const none = () => undefined;
  render(
    <GameOverPopup
      open
      view={view}
      endReason={endReason}
      claim={{ status: 'idle' }}
      onClaim={none}
      explorerUrl={() => null}
      onPlayAgain={none}
      onNewGame={none}
      shareUrl="https://twitter.com/intent/tweet?text=x"
      fairness={{ commitment: 'a'.repeat(64), serverSeed: null }}
      verify={{ result: null, onVerify: none }}
    />,
  );
  return screen.getByRole('dialog');
}

describe('the game-over popup says how the duel ended', () => {
  it('a knock-out, with the verdict', () => {
    const popup = show('won', 'knockout');
    expect(popup).toHaveTextContent('Knock-out');
    expect(popup).toHaveTextContent('You won the duel!');
  });

  it('a knock-out in sudden death', () => {
    expect(show('lost', 'suddenDeath')).toHaveTextContent('Knocked out in sudden death');
  });

  it('a resignation', () => {
    expect(show('won', 'resigned')).toHaveTextContent('yuki resigned');
  });

  it('a claimed victory over the absent opponent', () => {
    expect(show('won', 'abandoned')).toHaveTextContent('Victory claimed: yuki left the game');
  });

  it('a draw by its reason alone, never "fell together" for a game settled unplayed', () => {
    const fell = show('draw', 'draw');
    expect(fell).toHaveTextContent('Draw: both fighters fell');
  });

  it('a draw settled by the abandonment rule', () => {
    const settled = show('draw', 'abandoned');
    expect(settled).toHaveTextContent('Draw: the game could not be resumed');
    expect(settled).not.toHaveTextContent('fell together');
  });

  it('nothing more while the reason is unknown', () => {
    expect(show('won', null)).toHaveTextContent('You won the duel!');
  });
});
