// Tournament list: header and "Create Tournament", benefits, the four tabs, the cards
// with their join action (a paid one through the fee dialog), the empty state; joining and
// creating reload the list. A visitor without a wallet is told so before the form, not after it.
import type { Tournament, TournamentListQuery } from '@duel-dojo/protocol';
import { ERROR_MESSAGES } from '@duel-dojo/protocol/error-messages';
import { Suspense, lazy, useEffect, useState } from 'react';
import { AlertDialog } from '../../components/modal/alert-dialog';
import { PageHeader } from '../../components/page-header/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/status/status';
import { Tabs, panelId, tabId } from '../../components/tabs/tabs';
import { useAuth } from '../../features/auth/auth-context';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { useTournamentList } from '../../features/tournaments/queries';
import { type JoinOutcome, useTournamentJoin } from '../../features/tournaments/use-tournament-join';
import { type Notice, NoticeBanner } from './notice-banner';
import { PaidJoinDialog } from './paid-join-dialog';
import { TournamentCard, type TournamentCardProps } from './tournament-card';
import styles from './tournaments.module.css';

// Loaded when opened: the form checks its body with protocol's schema, and zod (~27 KB gzip)
// has no place before the list's first paint (bench/README.md "Web app").
const CreateTournamentModal = lazy(() => import('./create-tournament-modal').then((module) => ({ default: module.CreateTournamentModal })));

const TABS = [
  { id: 'all', label: 'All Tournaments' },
  { id: 'active', label: 'Active' },
  { id: 'completed', label: 'Completed' },
  { id: 'mine', label: 'My Tournaments' },
] as const;
type ListTab = (typeof TABS)[number]['id'];

const BENEFITS = [
  { title: 'Bracket glory', text: 'Single or double elimination, or round robin: every fight counts.' },
  { title: 'Prize pools', text: "Organisers set the podium's prizes, or an entry fee in SOL whose pool pays 1st, 2nd and 3rd." },
  { title: 'Community run', text: 'Any fighter can host a tournament for friends or the whole dojo.' },
];

const NEWEST_FIRST = { sortBy: 'createdAt', sortOrder: 'desc', limit: 50 } as const;
/** What a player can still join first, then what is under way, then the past. */
const JOINABLE_FIRST = { sortBy: 'status', sortOrder: 'asc', limit: 50 } as const;

function queryFor(tab: ListTab, wallet: string | null): TournamentListQuery {
  if (tab === 'active') return { ...NEWEST_FIRST, status: 'active' };
  if (tab === 'completed') return { ...NEWEST_FIRST, status: 'completed' };
  // Hosting is being in it too: a host who has not joined still finds their tournament here.
  if (tab === 'mine' && wallet) return { ...JOINABLE_FIRST, member: wallet };
  return JOINABLE_FIRST;
}

export default function TournamentListScreen() {
  useDocumentTitle('Tournaments');
  const [tab, setTab] = useState<ListTab>('all');
  const [creating, setCreating] = useState(false);
  const [askWallet, setAskWallet] = useState(false);
  // A click while the saved session is still being restored waits for it: a signed-in host must
  // not be told to connect a wallet because the page painted before the session came back.
  const [wantsToCreate, setWantsToCreate] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const auth = useAuth();
  const wallet = auth.user?.walletAddress ?? null;
  const needsWallet = tab === 'mine' && !wallet;
  const list = useTournamentList(queryFor(tab, wallet), auth.token);
  const restoring = auth.status === 'restoring';
  useEffect(() => {
    if (!wantsToCreate || restoring) return;
    setWantsToCreate(false);
    if (auth.token) setCreating(true);
    else setAskWallet(true);
  }, [wantsToCreate, restoring, auth.token]);
  const showOutcome = (outcome: JoinOutcome) =>
    setNotice(outcome.ok ? { tone: 'success', text: `${outcome.answer.message}: ${outcome.answer.tournament.name}` } : { tone: 'error', text: outcome.message });
  const join = useTournamentJoin(showOutcome, ERROR_MESSAGES.TOURNAMENT_JOIN_FAILED);
  const onJoin = (tournament: Tournament) => {
    setNotice(null);
    join.join(tournament);
  };
  const onResume: TournamentCardProps['onResume'] = (tournament, entry) => {
    setNotice(null);
    void join.paid.resume(tournament, entry);
  };

  let body: React.ReactNode;
  if (needsWallet)
    body = (
      <EmptyState message="Connect your wallet to see the tournaments you joined or host.">
        <button type="button" className="btn btn-primary" onClick={auth.openLogin}>
          Connect Wallet
        </button>
      </EmptyState>
    );
  else if (list.isPending) body = <LoadingState label="Loading tournaments…" />;
  else if (list.isError) body = <ErrorState message={`Could not load tournaments: ${list.error.message}`} onRetry={() => void list.refetch()} />;
  else if (list.data.tournaments.length === 0)
    body = (
      <EmptyState message={tab === 'all' ? 'No tournaments yet. Create the first one!' : 'No tournaments here yet.'}>
        <button type="button" className="btn btn-ghost" onClick={() => setTab('all')}>
          Browse Community Tournaments
        </button>
      </EmptyState>
    );
  else
    body = (
      <ul className={styles.grid}>
        {list.data.tournaments.map((tournament) => (
          <TournamentCard key={tournament.tournamentId} tournament={tournament} onJoin={onJoin} onResume={onResume} progress={join.progressOf(tournament.tournamentId)} />
        ))}
      </ul>
    );

  return (
    <div className="container">
      <PageHeader kicker="Compete" title="Community Tournaments" subtitle="Brackets of duels hosted by the community, with prizes for the podium.">
        <button type="button" className="btn btn-gold" onClick={() => setWantsToCreate(true)}>
          Create Tournament
        </button>
      </PageHeader>
      <div className={styles.benefits}>
        {BENEFITS.map((benefit) => (
          <article key={benefit.title} className={styles.benefit}>
            <h2>{benefit.title}</h2>
            <p>{benefit.text}</p>
          </article>
        ))}
      </div>
      {notice && <NoticeBanner notice={notice} onLogin={auth.openLogin} />}
      <Tabs tabs={TABS} active={tab} onChange={setTab} idPrefix="tournaments" label="Tournament lists" />
      <section role="tabpanel" id={panelId('tournaments', tab)} aria-labelledby={tabId('tournaments', tab)}>
        {body}
      </section>
      <PaidJoinDialog state={join.paid.state} onConfirm={() => void join.paid.confirm()} onCancel={join.paid.cancel} />
      <AlertDialog open={askWallet} title="Connect your wallet" message={ERROR_MESSAGES.TOURNAMENT_CONNECT_TO_CREATE} onClose={() => setAskWallet(false)} buttonLabel="Cancel">
        <div className="actions">
          <button
            type="button"
            className="btn btn-gold"
            onClick={() => {
              setAskWallet(false);
              auth.openLogin();
            }}
          >
            Connect Wallet
          </button>
        </div>
      </AlertDialog>
      {creating && (
        <Suspense fallback={null}>
          <CreateTournamentModal
            onClose={() => setCreating(false)}
            onCreated={(tournament) => {
              setCreating(false);
              setTab('all');
              setNotice({ tone: 'success', text: `Tournament created: ${tournament.name}` });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
