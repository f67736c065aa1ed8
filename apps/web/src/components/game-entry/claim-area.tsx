import type { RewardState } from '@duel-dojo/rules';

/** Rewards: Claim Reward (own view), Prize Claimed or Prize Available. */
export function ClaimArea({ reward, pending, onClaim }: { readonly reward: RewardState | null; readonly pending: boolean; readonly onClaim: () => void }) {
  if (reward === null) return null;
  if (reward === 'Claim Reward') {
    return (
      <button type="button" className="btn btn-gold btn-small" onClick={onClaim} disabled={pending}>
        {pending ? 'Claiming…' : 'Claim Reward'}
      </button>
    );
  }
  return <span className={`tag ${reward === 'Prize Claimed' ? 'tag-green' : 'tag-gold'}`}>{reward}</span>;
}
