import type { TournamentBracket } from '@duel-dojo/protocol';
import { BracketMatchCard } from './bracket-match';
import { leagueRounds, standings } from './bracket-layout';
import styles from './tournament-bracket.module.css';

/** A round robin: the standings table, then every round's matches. */
export function RoundRobin({ bracket, viewerId }: { readonly bracket: TournamentBracket; readonly viewerId: string | null }) {
  const table = standings(bracket.matches);
  return (
    <div className={styles.league}>
      <h3 className={styles.partTitle}>Standings</h3>
      <div className={styles.tableWrap} role="region" aria-label="Standings table" tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col" className={styles.playerCol}>
                Player
              </th>
              <th scope="col"><abbr title="Played">P</abbr></th>
              <th scope="col"><abbr title="Wins">W</abbr></th>
              <th scope="col"><abbr title="Draws">D</abbr></th>
              <th scope="col"><abbr title="Losses">L</abbr></th>
              <th scope="col" className={styles.pointsCol}>
                <abbr title="Points">Pts</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {table.map((row, index) => (
              <tr key={row.participantId} className={row.participantId === viewerId ? styles.mineRow : undefined}>
                <td>{index + 1}</td>
                <th scope="row" title={row.name}>
                  {row.name}
                </th>
                <td>{row.played}</td>
                <td>{row.wins}</td>
                <td>{row.draws}</td>
                <td>{row.losses}</td>
                <td className={styles.points}>{row.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className={styles.partTitle}>Matches</h3>
      <div className={styles.rounds}>
        {leagueRounds(bracket).map((column) => (
          <section key={column.key} aria-label={column.title}>
            <h4 className={styles.columnTitle}>{column.title}</h4>
            <ol className={styles.matchList}>
              {column.matches.map((match) => (
                <BracketMatchCard key={match.matchId} match={match} viewerId={viewerId} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
