// The live bracket of a tournament, from the detail's `bracket`: elimination rounds as
// columns (winners, losers and grand final for a double elimination), or a round robin's table.
import type { TournamentBracket } from '@duel-dojo/protocol';
import { BracketMatchCard } from './bracket-match';
import { eliminationParts } from './bracket-layout';
import { RoundRobin } from './round-robin';
import styles from './tournament-bracket.module.css';

export interface TournamentBracketViewProps {
  readonly bracket: TournamentBracket;
  /** The viewer's participant id: their matches are highlighted. */
  readonly viewerId: string | null;
}

export function TournamentBracketView({ bracket, viewerId }: TournamentBracketViewProps) {
  if (bracket.type === 'round-robin') return <RoundRobin bracket={bracket} viewerId={viewerId} />;
  const parts = eliminationParts(bracket);
  return (
    <div className={styles.parts}>
      {parts.map((part) => (
        <section key={part.key} aria-label={part.title}>
          {parts.length > 1 && <h3 className={styles.partTitle}>{part.title}</h3>}
          <div className={styles.scroller} role="region" aria-label={`${part.title} rounds`} tabIndex={0}>
            <ol className={styles.columns}>
              {part.columns.map((column) => (
                <li key={column.key} className={styles.column}>
                  <h4 className={styles.columnTitle}>{column.title}</h4>
                  <ol className={styles.columnMatches}>
                    {column.matches.map((match) => (
                      <BracketMatchCard key={match.matchId} match={match} viewerId={viewerId} />
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ))}
    </div>
  );
}
