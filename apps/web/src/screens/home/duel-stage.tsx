// The duel of the home screen: stake -> character -> Fight! (confirming and paying
// first for a staked game) -> waiting popup -> fight intro -> rounds (fighters moving, sudden
// death announced) -> game-over popup saying how it ended; the rejoin prompt on connect and the
// invite-join modal. Loaded on demand by home-screen.tsx.
import { type StakeLabel, toLamports } from '@duel-dojo/rules';
import { useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useCopy } from '../../features/clipboard/use-copy';
import { explorerTransactionUrl } from '../../features/config/explorer';
import { useAppConfig } from '../../features/config/use-app-config';
import { battleView, showGameOver } from '../../features/duel/battle-view';
import { endReasonOfRound } from '../../features/duel/end-reason-text';
import type { FairnessInput } from '../../features/duel/fairness-check';
import { inviteUrl } from '../../features/duel/invite-link';
import { isPaymentInProgress } from '../../features/duel/payment-state';
import type { RequestState } from '../../features/duel/request-state';
import { shareUrl } from '../../features/duel/share';
import { useDuelSession } from '../../features/duel/use-duel-session';
import { useDuelSounds } from '../../features/duel/use-duel-sounds';
import { useFairnessVerify } from '../../features/duel/use-fairness-verify';
import { useSeenFairness } from '../../features/duel/use-client-seed';
import { useFightableCharacters } from '../../features/duel/use-fightable-characters';
import { type Cancelled, useCancelWaiting, useClaimInGame, usePlayWithBot } from '../../features/duel/use-game-requests';
import { useGameStats } from '../../features/duel/use-game-stats';
import { stakeAmounts } from '../../features/duel/stake-amounts';
import { useInviteInfo } from '../../features/duel/use-invite-info';
import { isPaidStake } from '../../features/duel/use-join';
import { BattleScreen } from './battle-screen';
import { FightStage } from './fight-stage';
import { GameOverPopup } from './game-over-popup';
import { InviteJoinModal } from './invite-join-modal';
import { Lobby } from './lobby';
import { PaymentPopups } from './payment-popups';
import { RejoinPrompt } from './rejoin-prompt';
import { StakeConfirmDialog } from './stake-confirm-dialog';
import { hasRematch, useRematch } from '../../features/duel/use-rematch';
import { solText } from '../../features/money/money-amounts';
import { tournamentOf } from '../../features/tournaments/called-match';
import { WaitingPopup } from './waiting-popup';

export interface DuelStageProps {
  readonly stake: StakeLabel | null;
  onStake(label: StakeLabel): void;
  onClearStake(): void;
  /** An invite code from the address (?invite=). */
  readonly invite: string | null;
  onInviteHandled(): void;
  /** A staked game without a signed-in wallet: the "connect your wallet" alert. */
  onNeedWallet(): void;
  /** The home's hero's place for the lobby (hero.tsx); null while the hero is hidden. */
  readonly lobbySlot: HTMLElement | null;
  /** The battle takes the hero's place on screen: the home hides its hero while this is true. */
  onBattle(inBattle: boolean): void;
}

const CANCELLED_BY_SERVER: RequestState<Cancelled> = { status: 'success', value: { transactionSignature: null, message: 'Game cancelled' } };

export default function DuelStage({ stake, onStake, onClearStake, invite, onInviteHandled, onNeedWallet, lobbySlot, onBattle }: DuelStageProps) {
  const { wallet, game, duel, payment, join, check, reconnecting } = useDuelSession();
  const config = useAppConfig().data;
  const characters = useFightableCharacters(wallet);
  const [characterId, setCharacterId] = useState<number | null>(null);
  const copy = useCopy();
  const bot = usePlayWithBot(game.connection);
  const cancel = useCancelWaiting(game.connection, wallet);
  const claim = useClaimInGame(game.connection, wallet);
  const inviteLookup = useInviteInfo(game.connection, invite);
  const invited = inviteLookup.status === 'found' ? inviteLookup.info : null;
  const inviteStake = invited?.betAmount ?? 'Free!';

  const { state } = duel;
  const live = state.game;
  const view = battleView(state);
  const waiting = live?.phase === 'waiting' || live?.phase === 'cancelled';
  const stats = useGameStats(game.connection, waiting);
  const gameOver = showGameOver(state);
  const rematch = useRematch(game.connection, hasRematch(live, wallet) ? live : null, game.offset);
  useDuelSounds(state.log.at(-1), view?.outcome ?? null, gameOver);

  const serverSeed = live?.fairness.serverSeed ?? null;
  // Verify compares with what this tab saw before round 1 (docs/fairness.md), not the final state's.
  const { seen } = useSeenFairness(live?.sessionId ?? null);
  const fairnessInput = useMemo<FairnessInput | null>(() => {
    if (!live || !serverSeed || !live.opponentCharacter) return null;
    const characterIds = { player1: live.playerCharacter.id, player2: live.opponentCharacter.id };
    const before = seen && { commitment: seen.commitment, seed: seen.seed, slot: seen.slot ?? state.mySlot };
    return { sessionId: live.sessionId, commitment: live.fairness.commitment, serverSeed, clientSeeds: live.fairness.clientSeeds, seen: before, characters: characterIds, rounds: state.log, roundsPlayed: live.round };
  }, [live, serverSeed, state.log, seen, state.mySlot]);
  const verify = useFairnessVerify(fairnessInput);

  const explorer = (signature: string) => (config ? explorerTransactionUrl(signature, config.cluster, config.rpcUrl) : null);
  const busy = join.state.phase === 'joining' || isPaymentInProgress(payment.state.phase);

  const fight = (betAmount: StakeLabel, id: number) => {
    if (isPaidStake(betAmount) && !wallet) return onNeedWallet();
    void join.join({ betAmount, characterId: id });
  };
  const leave = () => {
    duel.reset();
    bot.reset();
    cancel.reset();
    claim.reset();
  };
  const newGame = () => {
    leave();
    setCharacterId(null);
    onClearStake();
  };
  const playAgain = () => {
    const again = live && view ? { betAmount: live.betAmount, id: view.me.character.id } : null;
    leave();
    if (again) {
      onStake(again.betAmount);
      setCharacterId(again.id);
      fight(again.betAmount, again.id);
    }
  };

  /** Asks for (or accepts) a rematch: a join that names the game just played (docs/rematch.md). */
  const askRematch = () => {
    if (!live || !view) return;
    const request = { betAmount: live.betAmount, characterId: view.me.character.id, rematchOf: live.sessionId, opponentName: view.opponent.name };
    leave();
    onStake(request.betAmount);
    setCharacterId(request.characterId);
    void join.join(request);
  };
  const rematchStake = live && live.stakeLamports !== '0' ? solText(toLamports(live.stakeLamports)) : null;

  const inBattle = live !== null && view !== null && !waiting;
  // Before paint, so the hero and the fight never show together for a frame.
  useLayoutEffect(() => onBattle(inBattle), [inBattle, onBattle]);
  const lobby = stake && <Lobby characters={characters} characterId={characterId} onCharacter={setCharacterId} onFight={() => characterId !== null && fight(stake, characterId)} busy={busy} />;
  return (
    <>
      {inBattle ? (
        <FightStage state={state} viewer={view.me.slot}>
          <BattleScreen duel={duel} view={view} offset={game.offset} reconnecting={reconnecting} />
        </FightStage>
      ) : (
        lobby && lobbySlot && createPortal(lobby, lobbySlot)
      )}
      <WaitingPopup
        open={waiting}
        paid={live ? isPaidStake(live.betAmount) : false}
        stats={stats}
        inviteLink={live?.canInvite && live.inviteCode ? inviteUrl(window.location.origin, live.inviteCode) : null}
        copyState={copy.state}
        onCopy={() => live?.inviteCode && void copy.copy(inviteUrl(window.location.origin, live.inviteCode))}
        bot={bot.state}
        onBot={() => live && void bot.playWithBot(live.sessionId)}
        botAllowed={live?.canInvite ?? false}
        tournament={tournamentOf(live)}
        cancel={live?.phase === 'cancelled' && cancel.state.status === 'idle' ? CANCELLED_BY_SERVER : cancel.state}
        onCancel={() => live && void cancel.cancel(live.sessionId, isPaidStake(live.betAmount))}
        onHome={leave}
        refundUrl={cancel.state.status === 'success' && cancel.state.value.transactionSignature ? explorer(cancel.state.value.transactionSignature) : null}
      />
      <PaymentPopups
        payment={payment.state}
        join={join.state}
        explorerUrl={payment.state.signature ? explorer(payment.state.signature) : null}
        onRetry={() => void join.retryPayment()}
        onDismiss={join.dismiss}
      />
      {view && live && (
        <GameOverPopup
          open={gameOver && state.intro === null}
          view={view}
          endReason={live.endReason ?? endReasonOfRound(state.log.at(-1))}
          claim={claim.state}
          onClaim={() => void claim.claim(live.sessionId)}
          explorerUrl={explorer}
          onPlayAgain={playAgain}
          onNewGame={newGame}
          shareUrl={shareUrl(view.outcome ?? 'draw', view.opponent.name, window.location.origin)}
          fairness={live.fairness}
          verify={{ result: verify.result, onVerify: verify.verify }}
          rematch={
            hasRematch(live, wallet)
              ? { open: rematch.open, offer: rematch.offer ? { from: rematch.offer.from ?? view.opponent.name, secondsLeft: rematch.secondsLeft } : null, stake: rematchStake, onRematch: askRematch }
              : null
          }
        />
      )}
      <RejoinPrompt
        game={live ? null : check.found}
        onRejoin={() => {
          duel.rejoin();
          check.close();
        }}
        onStartNew={check.startNew}
      />
      <InviteJoinModal
        open={invite !== null && live === null && join.state.phase === 'idle' && check.found === null}
        lookup={inviteLookup}
        amounts={stakeAmounts(inviteStake, config?.solUsdPrice)}
        characters={characters}
        onCancel={onInviteHandled}
        onJoin={(id) => {
          // A staked invite stays open behind its confirmation: Cancel there comes back to it.
          if (!isPaidStake(inviteStake)) onInviteHandled();
          void join.join({ betAmount: inviteStake, characterId: id, inviteCode: invite, inviterName: invited?.inviterName ?? null });
        }}
      />
      <StakeConfirmDialog
        request={join.state.phase === 'confirm' ? join.state.request : null}
        onConfirm={(lamports) => {
          if (join.state.phase === 'confirm' && join.state.request.inviteCode) onInviteHandled();
          void join.confirm(lamports);
        }}
        onCancel={join.dismiss}
      />
    </>
  );
}
