import type { BracketMatch, BracketSlot } from '@duel-dojo/protocol';
import { MARK_LABELS, isViewerMatch, matchMark, outcomeOf, slotName } from './bracket-layout';
import styles from './tournament-bracket.module.css';

function SlotRow({ slot, other, viewerId }: { readonly slot: BracketSlot; readonly other: BracketSlot; readonly viewerId: string | null }) {
  const outcome = outcomeOf(slot, other);
  const me = viewerId !== null && slot?.participantId === viewerId;
  const className = [styles.slot, outcome === 'win' && styles.won, outcome === 'loss' && styles.lost, slot === null && styles.empty].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <span className={styles.name}>
        {slotName(slot)}
        {me && <span className={styles.youTag}>You</span>}
        {outcome === 'win' && <span className="visually-hidden"> (winner)</span>}
      </span>
      {slot?.forfeit ? (
        <span className={styles.forfeit} title="Forfeit: did not show in time">
          Forfeit
        </span>
      ) : (
        <span className={styles.score}>{slot?.score ?? ''}</span>
      )}
    </div>
  );
}

/** One duel of the bracket: both sides, the winner in bold, a live / finished / bye mark. */
export function BracketMatchCard({ match, viewerId }: { readonly match: BracketMatch; readonly viewerId: string | null }) {
  const mark = matchMark(match);
  const mine = isViewerMatch(match, viewerId);
  return (
    <li className={`${styles.match} ${mine ? styles.mine : ''}`} data-mark={mark} data-mine={mine || undefined}>
      <div className={styles.matchHead}>
        <span>Match {match.number}</span>
        <span className={`${styles.mark} ${styles[mark]}`}>{MARK_LABELS[mark]}</span>
      </div>
      <SlotRow slot={match.opponent1} other={match.opponent2} viewerId={viewerId} />
      <SlotRow slot={match.opponent2} other={match.opponent1} viewerId={viewerId} />
    </li>
  );
}
