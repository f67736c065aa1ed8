import { Link } from '../../routing';
import { GameEntry } from '../../components/game-entry/game-entry';
import { AlertDialog } from '../../components/modal/alert-dialog';
import { EmptyState, LoadingState } from '../../components/status/status';
import { viewGame } from '../../features/history/game-view';
import { useClaimReward } from '../../features/history/use-claim';
import { useGames } from '../../features/players/queries';
import { ClaimArea } from '../../components/game-entry/claim-area';
import { HistoryFairness } from './history-fairness';
import styles from './my-games.module.css';

export function GameHistory({ wallet, token }: { readonly wallet: string; readonly token: string }) {
  const games = useGames(wallet, { token });
  const claim = useClaimReward(wallet, token);

  let body: React.ReactNode;
  if (games.isPending) body = <LoadingState label="Loading your battles…" />;
  // A history fetch failure shows the empty message.
  else if (games.isError || games.data.games.length === 0)
    body = (
      <EmptyState message="No battles fought yet">
        <Link className="btn btn-primary" to="/">
          Fight your first duel
        </Link>
      </EmptyState>
    );
  else
    body = (
      <ol className={styles.list} aria-label="Battles">
        {games.data.games.map((record) => {
          const view = viewGame(record, wallet, true);
          return (
            <GameEntry key={view.sessionId} game={view} claim={<ClaimArea reward={view.reward} pending={claim.pendingSessionId === view.sessionId} onClaim={() => void claim.claim(view.sessionId)} />}>
              <HistoryFairness record={record} />
            </GameEntry>
          );
        })}
      </ol>
    );

  return (
    <>
      {body}
      <AlertDialog
        open={claim.outcome !== null}
        title={claim.outcome?.title ?? ''}
        message={claim.outcome?.message ?? ''}
        tone={claim.outcome?.title === 'Error' ? 'danger' : 'success'}
        buttonLabel="Continue"
        onClose={claim.dismiss}
      />
    </>
  );
}
