// One movement: what it was (and why), when, what it was for (the game, tournament or character),
// the signed amount, its status and the transaction on the explorer.
import type { MoneyMovement } from '@duel-dojo/protocol';
import { findCharacter } from '@duel-dojo/rules';
import { Link } from '../../routing';
import { formatGameDate } from '../../features/history/game-view';
import { signedLamports } from '../../features/money/money-amounts';
import { movementDetail, movementLabel, statusView } from '../../features/money/movement-labels';
import { SolAmount } from './sol-amount';
import styles from './money.module.css';

const TONE_CLASS = { neutral: 'tag', warning: 'tag tag-gold', success: 'tag tag-green', danger: 'tag tag-red' } as const;

export interface MovementRowProps {
  readonly movement: MoneyMovement;
  readonly exact: boolean;
  /** The transaction on the block explorer; null while none is written or the config is loading. */
  readonly explorerUrl: string | null;
}

export function MovementRow({ movement, exact, explorerUrl }: MovementRowProps) {
  const label = movementLabel(movement);
  const status = statusView(movement);
  const date = formatGameDate(movement.createdAt);
  const character = movement.characterId === null ? undefined : findCharacter(movement.characterId);
  return (
    <li className={styles.row}>
      <div className={styles.what}>
        <p className={styles.label}>{label}</p>
        <p className={styles.detail}>{movementDetail(movement)}</p>
        <p className={styles.meta}>
          <time dateTime={movement.createdAt}>{date}</time>
          {movement.sessionId && (
            <Link to="/my-games">
              Game
            </Link>
          )}
          {movement.tournamentId && <Link to={`/tournaments/${encodeURIComponent(movement.tournamentId)}`}>Tournament</Link>}
          {character && <Link to="/marketplace">{character.name}</Link>}
        </p>
      </div>
      <div className={styles.how}>
        <SolAmount lamports={signedLamports(movement)} exact={exact} withPlus tone />
        <span className={TONE_CLASS[status.tone]}>{status.label}</span>
        {explorerUrl ? (
          <a href={explorerUrl} target="_blank" rel="noreferrer">
            View transaction<span className="visually-hidden">: {label}, {date}</span>
          </a>
        ) : (
          !movement.transactionSignature && <span className={styles.muted}>No transaction yet</span>
        )}
      </div>
      {status.hint && <p className={styles.hint}>{status.hint}</p>}
    </li>
  );
}
