// Spec §2 "Tournament list": header, benefits, the four tabs, the cards, the empty state.
// Creating and joining come with issue 8, as does the server side: until then the API answers
// 404 and this screen says so plainly.
import type { TournamentListQuery } from '@duel-dojo/protocol';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/status/status';
import { Tabs, panelId, tabId } from '../../components/tabs/tabs';
import { useAuth } from '../../features/auth/auth-context';
import { useDocumentTitle } from '../../features/page/use-document-title';
import { isNotFound } from '../../features/players/queries';
import { useTournamentList } from '../../features/tournaments/queries';
import { TournamentCard } from './tournament-card';
import styles from './tournaments.module.css';

const TABS = [
  { id: 'all', label: 'All Tournaments' },
  { id: 'active', label: 'Active' },
  { id: 'completed', label: 'Completed' },
  { id: 'mine', label: 'My Tournaments' },
] as const;
type ListTab = (typeof TABS)[number]['id'];

const BENEFITS = [
  { title: 'Bracket glory', text: 'Single or double elimination, or round robin: every fight counts.' },
  { title: 'Prize pools', text: 'Organisers set first, second and third prizes for the podium.' },
  { title: 'Community run', text: 'Any fighter can host a tournament for friends or the whole dojo.' },
];

function queryFor(tab: ListTab, wallet: string | null): TournamentListQuery {
  if (tab === 'active') return { status: 'active' };
  if (tab === 'completed') return { status: 'completed' };
  if (tab === 'mine' && wallet) return { participant: wallet };
  return {};
}

export default function TournamentListScreen() {
  useDocumentTitle('Tournaments');
  const [tab, setTab] = useState<ListTab>('all');
  const auth = useAuth();
  const wallet = auth.user?.walletAddress ?? null;
  const needsWallet = tab === 'mine' && !wallet;
  const list = useTournamentList(queryFor(tab, wallet), auth.token);

  let body: React.ReactNode;
  if (needsWallet) body = <EmptyState message="Connect your wallet to see the tournaments you joined."><button type="button" className="btn btn-primary" onClick={auth.openLogin}>Connect Wallet</button></EmptyState>;
  else if (list.isPending) body = <LoadingState label="Loading tournaments…" />;
  else if (list.isError)
    body = isNotFound(list.error) ? (
      <ErrorState title="Tournaments unavailable" message="This server does not offer tournaments yet (it answered 404). Check back soon." />
    ) : (
      <ErrorState message={`Could not load tournaments: ${list.error.message}`} onRetry={() => void list.refetch()} />
    );
  else if (list.data.tournaments.length === 0)
    body = (
      <EmptyState message="No tournaments here yet.">
        <button type="button" className="btn btn-ghost" onClick={() => setTab('all')}>
          Browse Community Tournaments
        </button>
      </EmptyState>
    );
  else
    body = (
      <ul className={styles.grid}>
        {list.data.tournaments.map((tournament) => (
          <TournamentCard key={tournament.tournamentId} tournament={tournament} />
        ))}
      </ul>
    );

  return (
    <div className="container">
      <PageHeader kicker="Compete" title="Community Tournaments" subtitle="Brackets of duels hosted by the community, with prizes for the podium." />
      <div className={styles.benefits}>
        {BENEFITS.map((benefit) => (
          <article key={benefit.title} className={styles.benefit}>
            <h2>{benefit.title}</h2>
            <p>{benefit.text}</p>
          </article>
        ))}
      </div>
      <Tabs tabs={TABS} active={tab} onChange={setTab} idPrefix="tournaments" label="Tournament lists" />
      <section role="tabpanel" id={panelId('tournaments', tab)} aria-labelledby={tabId('tournaments', tab)}>
        {body}
      </section>
    </div>
  );
}
