// The invite-join modal of a ?invite= link, with its own character picker. Before Join
// it names who waits and, for a staked invite, the stake and its SOL; Join on a staked invite
// leads to the stake's confirmation, never straight to the wallet. The invite of a called
// tournament match names the opponent instead of a friend who waits (nobody may be waiting yet).
import { useState } from 'react';
import { CharacterPicker } from '../../components/character-picker/character-picker';
import { Modal } from '../../components/modal/modal';
import { LoadingState } from '../../components/status/status';
import type { StakeAmounts } from '../../features/duel/stake-amounts';
import { solLabel, stakeSummary } from '../../features/duel/stake-amounts';
import type { InviteLookup } from '../../features/duel/use-invite-info';
import type { FightableCharacter } from '../../features/duel/use-fightable-characters';
import { useKnownCalls } from '../../features/tournaments/match-call-store';
import { playerName } from '../../features/tournaments/player-name';
import styles from './popups.module.css';

export interface InviteJoinModalProps {
  readonly open: boolean;
  readonly lookup: InviteLookup;
  /** The invite's stake in SOL; null for a free invite or while the price is unknown. */
  readonly amounts: StakeAmounts | null;
  readonly characters: readonly FightableCharacter[];
  onJoin(characterId: number): void;
  onCancel(): void;
}

const FRIEND_TEXT = 'A friend is waiting for you. Choose your character and join the fight.';

function Invitation({ lookup, amounts }: Pick<InviteJoinModalProps, 'lookup' | 'amounts'>) {
  const known = useKnownCalls();
  if (lookup.status === 'loading') return <LoadingState label="Looking up the invite…" />;
  if (lookup.status !== 'found') return <p>{FRIEND_TEXT}</p>;
  const { inviterName, betAmount, inviteCode } = lookup.info;
  const call = [...known.followed, ...known.calls].find((item) => item.inviteCode === inviteCode);
  if (call) return <p>{`Your tournament match against ${playerName(call.opponent)}. Choose your character and join the fight.`}</p>;
  const who = inviterName ?? 'A friend';
  if (betAmount === null || betAmount === 'Free!') return <p>{`${who} is waiting for you in a free duel. Choose your character and join the fight.`}</p>;
  return (
    <>
      <p>{`${who} invites you to a ${betAmount} duel.`}</p>
      <p className={styles.stakeBox}>
        <span>Stake {betAmount}</span>
        <strong>{amounts ? solLabel(amounts.stake) : '…'}</strong>
      </p>
      {amounts && <p className="muted">{stakeSummary(amounts)}</p>}
    </>
  );
}

export function InviteJoinModal({ open, lookup, amounts, characters, onJoin, onCancel }: InviteJoinModalProps) {
  const [characterId, setCharacterId] = useState<number | null>(null);
  const staked = lookup.status === 'found' && lookup.info.betAmount !== null && lookup.info.betAmount !== 'Free!';
  return (
    <Modal open={open} title="You're invited to a duel!" onClose={onCancel}>
      <Invitation lookup={lookup} amounts={amounts} />
      <div className={`${styles.picker} ${staked ? styles.pickerBelowStake : ''}`}>
        <CharacterPicker characters={characters} selectedId={characterId} onSelect={setCharacterId} label="Choose your character for the invite" />
      </div>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={characterId === null || lookup.status === 'loading' || (staked && !amounts)}
          onClick={() => characterId !== null && onJoin(characterId)}
        >
          {staked && amounts ? `Join Duel · ${solLabel(amounts.stake)}` : 'Join Duel'}
        </button>
      </div>
    </Modal>
  );
}
