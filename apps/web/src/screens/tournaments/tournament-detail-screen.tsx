// The tournament detail: back link, banner with the "Starts In" countdown,
// the viewer's called match, description and prizes, the facts, the join section, the live
// bracket and the placings, the participants; "Tournament Not Found" when it cannot be loaded.
import type { TournamentDetail } from '@duel-dojo/protocol';
import { Link, useParams } from '../../routing';
import { ErrorState, LoadingState } from '../../components/status/status';
import { TournamentBracketView } from '../../components/tournament-bracket/tournament-bracket';
import { useAuth } from '../../features/auth/auth-context';
import { formatGameDate } from '../../features/history/game-view';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { FORMAT_LABELS } from '../../features/tournaments/create-form';
import { entryFeeLabel, growingPoolText, isPaidTournament, poolSplitText } from '../../features/tournaments/entry-fee';
import { useTournament } from '../../features/tournaments/queries';
import { DetailBanner } from './detail-banner';
import { JoinSection } from './join-section';
import { MyMatch } from './my-match';
import { ParticipantList } from './participant-list';
import { Placings } from './placings';
import { PrizeList } from './prize-list';
import styles from './detail.module.css';

/** A paid tournament's prizes: where they come from, and the pool growing until the start. */
function PoolNote({ tournament }: { readonly tournament: TournamentDetail }) {
  if (tournament.status === 'cancelled') return <p className={styles.poolNote}>Cancelled before it started: every entry fee is refunded to the wallet that paid it.</p>;
  const growing = growingPoolText(tournament);
  return (
    <p className={styles.poolNote}>
      The prize pool is {poolSplitText()}, paid to the winners&apos; wallets when the tournament ends.
      {growing && ` ${growing}`}
    </p>
  );
}

export default function TournamentDetailScreen() {
  const { tournamentId } = useParams();
  const auth = useAuth();
  const query = useTournament(tournamentId, auth.token);
  const tournament = query.data?.tournament;
  useDocumentTitle(tournament?.name ?? 'Tournament');
  const viewerId = auth.user?._id ?? null;
  const back = (
    <Link className={styles.back} to="/tournaments">
      ← Back to tournaments
    </Link>
  );

  if (query.isPending) return <div className="container">{back}<LoadingState label="Loading tournament…" /></div>;
  if (!tournament) {
    return (
      <div className="container">
        {back}
        <ErrorState title="Tournament Not Found" message="Failed to load tournament">
          <Link className="btn btn-ghost" to="/tournaments">
            Back to tournaments
          </Link>
        </ErrorState>
      </div>
    );
  }
  const facts = [
    ['Entry fee', entryFeeLabel(tournament)],
    ['Format', FORMAT_LABELS[tournament.format]],
    ['Start date', formatGameDate(tournament.startDate)],
    ['Max players', String(tournament.maxParticipants)],
    ['Registered', `${tournament.currentParticipants} / ${tournament.maxParticipants}`],
  ] as const;

  return (
    <div className="container">
      {back}
      <DetailBanner tournament={tournament} />
      {tournament.myMatch && <MyMatch call={tournament.myMatch} />}
      {tournament.bracket && (
        <section className={styles.panel} aria-labelledby="bracket-title">
          <h2 id="bracket-title" className={styles.panelTitle}>
            {tournament.status === 'active' ? 'Live Bracket' : 'Bracket'}
          </h2>
          <TournamentBracketView bracket={tournament.bracket} viewerId={viewerId} />
        </section>
      )}
      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          {tournament.placings.length > 0 && (
            <section className={styles.panel} aria-labelledby="placings-title">
              <h2 id="placings-title" className={styles.panelTitle}>Final Placings</h2>
              <Placings tournament={tournament} />
            </section>
          )}
          <section className={styles.panel} aria-labelledby="about-title">
            <h2 id="about-title" className={styles.panelTitle}>About</h2>
            <p className={styles.description}>{tournament.description}</p>
            <h3 className={styles.subTitle}>Prizes</h3>
            <PrizeList prizes={tournament.prizes} large />
            {isPaidTournament(tournament) && <PoolNote tournament={tournament} />}
          </section>
          <section className={styles.panel} aria-labelledby="participants-title">
            <h2 id="participants-title" className={styles.panelTitle}>
              Participants ({tournament.currentParticipants})
            </h2>
            <ParticipantList participants={tournament.participants} viewerId={viewerId} />
          </section>
        </div>
        <aside className={styles.sideColumn}>
          <section className={styles.panel} aria-labelledby="facts-title">
            <h2 id="facts-title" className={styles.panelTitle}>Details</h2>
            <dl className={styles.facts}>
              {facts.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <JoinSection tournament={tournament} />
        </aside>
      </div>
    </div>
  );
}
