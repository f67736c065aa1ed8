// The detail's join section: the button says Join Tournament, Registered or
// Tournament Full; pressing it checks wallet, login, registration and seats on the client (the
// form's messages) before the call, whose refusals read as the protocol's texts. A paid
// tournament's button says its fee and goes through the fee dialog; an entry paid but not yet
// joined (a failed join, a reload mid-way) offers Finish Joining with the same payment.
import type { TournamentDetail } from '@duel-dojo/protocol';
import { useState } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { isPaidTournament } from '../../features/tournaments/entry-fee';
import { isFull } from '../../features/tournaments/join-rules';
import { usePendingEntry } from '../../features/tournaments/pending-entry';
import { type JoinOutcome, useTournamentJoin } from '../../features/tournaments/use-tournament-join';
import { JoinLabel } from './join-label';
import { type Notice, NoticeBanner } from './notice-banner';
import { PaidJoinDialog } from './paid-join-dialog';
import styles from './detail.module.css';

function closedText(tournament: TournamentDetail): string {
  if (tournament.status === 'active') return 'Registration is closed: the tournament is under way.';
  return 'Registration is closed: this tournament was cancelled.';
}

function introText(tournament: TournamentDetail, paymentSent: boolean): string {
  if (tournament.isRegistered) return 'You are in. Your matches are announced here and anywhere in the dojo when it starts.';
  if (paymentSent) return 'Your entry fee was sent but your seat is not confirmed yet: finish joining with the same payment.';
  const seatsLeft = Math.max(0, tournament.maxParticipants - tournament.currentParticipants);
  const fee = isPaidTournament(tournament) ? ' Your wallet pays the entry fee when you join.' : '';
  return `${seatsLeft} of ${tournament.maxParticipants} spots left. Registration closes at the start.${fee}`;
}

export function JoinSection({ tournament }: { readonly tournament: TournamentDetail }) {
  const auth = useAuth();
  const [notice, setNotice] = useState<Notice | null>(null);
  const showOutcome = (outcome: JoinOutcome) => setNotice(outcome.ok ? { tone: 'success', text: outcome.answer.message } : { tone: 'error', text: outcome.message });
  const join = useTournamentJoin(showOutcome);
  const pending = usePendingEntry(tournament, auth.user?.walletAddress ?? null);
  if (tournament.status === 'completed') return null;

  const upcoming = tournament.status === 'upcoming';
  const progress = join.progressOf(tournament.tournamentId);
  const label = pending ? 'Finish Joining' : tournament.isRegistered ? 'Registered' : isFull(tournament) ? 'Tournament Full' : <JoinLabel tournament={tournament} />;
  const press = () => {
    setNotice(null);
    if (pending) void join.paid.resume(tournament, pending);
    else join.join(tournament);
  };
  const button = (
    <button type="button" className={`btn btn-block ${!pending && (tournament.isRegistered || isFull(tournament)) ? 'btn-ghost' : 'btn-primary'}`} onClick={press} disabled={progress !== null}>
      {progress ?? label}
    </button>
  );

  return (
    <section className={styles.panel} aria-labelledby="join-title">
      <h2 id="join-title" className={styles.panelTitle}>
        Join
      </h2>
      {upcoming ? (
        <>
          <p className="muted">{introText(tournament, pending !== null)}</p>
          {button}
        </>
      ) : (
        <>
          <p className="muted">{closedText(tournament)}</p>
          {/* A payment sent before the start: the join is refused and the fee refunded. */}
          {pending && button}
        </>
      )}
      {notice && (
        <div className={styles.joinNotice}>
          <NoticeBanner notice={notice} onLogin={auth.openLogin} />
        </div>
      )}
      <PaidJoinDialog state={join.paid.state} onConfirm={() => void join.paid.confirm()} onCancel={join.paid.cancel} />
    </section>
  );
}
