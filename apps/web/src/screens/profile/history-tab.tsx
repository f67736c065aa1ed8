// The profile's Battle History: the latest 10 games, with Claim Reward on the own one.
import { PROFILE_HISTORY_SIZE } from '@duel-dojo/rules';
import { ClaimArea } from '../../components/game-entry/claim-area';
import { GameEntry } from '../../components/game-entry/game-entry';
import { AlertDialog } from '../../components/modal/alert-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/status/status';
import { viewGame } from '../../features/history/game-view';
import { useClaimReward } from '../../features/history/use-claim';
import { useGames } from '../../features/players/queries';
import styles from './profile.module.css';

export function HistoryTab({ wallet, isOwn, token }: { readonly wallet: string; readonly isOwn: boolean; readonly token: string | null }) {
  const games = useGames(wallet, { limit: PROFILE_HISTORY_SIZE, token });
  const claim = useClaimReward(isOwn ? wallet : null, token);
  if (games.isPending) return <LoadingState label="Loading battles…" />;
  if (games.isError) return <ErrorState message="The battle history could not be loaded." onRetry={() => void games.refetch()} />;
  if (games.data.games.length === 0) return <EmptyState message="No battles fought yet" />;
  return (
    <>
      <ol className={styles.history} aria-label="Latest battles">
        {games.data.games.map((record) => {
          const view = viewGame(record, wallet, isOwn);
          return (
            <GameEntry
              key={view.sessionId}
              game={view}
              claim={<ClaimArea reward={view.reward} pending={claim.pendingSessionId === view.sessionId} onClaim={() => void claim.claim(view.sessionId)} />}
            />
          );
        })}
      </ol>
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
