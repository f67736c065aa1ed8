// Spec §2 join section and §5 "Tournament join": the button says Join Tournament, Registered or
// Tournament Full; pressing it checks wallet, login, registration and seats on the client (spec
// §5's messages) before the call, whose refusals read as spec §8 says.
import type { TournamentDetail } from '@duel-dojo/protocol';
import { useState } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { isFull } from '../../features/tournaments/join-rules';
import { useJoinTournament } from '../../features/tournaments/use-tournament-actions';
import { type Notice, NoticeBanner } from './notice-banner';
import styles from './detail.module.css';

function closedText(tournament: TournamentDetail): string {
  if (tournament.status === 'active') return 'Registration is closed: the tournament is under way.';
  return 'Registration is closed: this tournament was cancelled.';
}

export function JoinSection({ tournament }: { readonly tournament: TournamentDetail }) {
  const auth = useAuth();
  const join = useJoinTournament();
  const [notice, setNotice] = useState<Notice | null>(null);
  if (tournament.status === 'completed') return null;

  const seatsLeft = Math.max(0, tournament.maxParticipants - tournament.currentParticipants);
  const upcoming = tournament.status === 'upcoming';
  const label = tournament.isRegistered ? 'Registered' : isFull(tournament) ? 'Tournament Full' : 'Join Tournament';
  const press = () => {
    setNotice(null);
    join.mutate(tournament, {
      onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }),
      onError: (error) => setNotice({ tone: 'error', text: error.message }),
    });
  };

  return (
    <section className={styles.panel} aria-labelledby="join-title">
      <h2 id="join-title" className={styles.panelTitle}>
        Join
      </h2>
      {upcoming ? (
        <>
          <p className="muted">
            {tournament.isRegistered
              ? 'You are in. Your matches are announced here and anywhere in the dojo when it starts.'
              : `${seatsLeft} of ${tournament.maxParticipants} spots left. Registration closes at the start.`}
          </p>
          <button type="button" className={`btn btn-block ${tournament.isRegistered || seatsLeft === 0 ? 'btn-ghost' : 'btn-primary'}`} onClick={press} disabled={join.isPending}>
            {join.isPending ? 'Joining…' : label}
          </button>
        </>
      ) : (
        <p className="muted">{closedText(tournament)}</p>
      )}
      {notice && upcoming && (
        <div className={styles.joinNotice}>
          <NoticeBanner notice={notice} onLogin={auth.openLogin} />
        </div>
      )}
    </section>
  );
}
