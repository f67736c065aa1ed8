// A battle's fairness in the history: the commitment, the revealed seeds and Verify, against the
// commitment this tab saw before round 1 and the seed it sent when it has them. The rounds
// come from the round log GET /api/games publishes for a finished game, else from this
// browser's own log of the game; Verify replays them with the factors recomputed from the seed.
import type { GameRecord } from '@duel-dojo/protocol';
import { useMemo } from 'react';
import { FairnessPanel } from '../../components/fairness-panel/fairness-panel';
import type { FairnessInput } from '../../features/duel/fairness-check';
import { publishedRounds } from '../../features/duel/published-rounds';
import { loadRoundLog } from '../../features/duel/round-log-store';
import { useSeenFairness } from '../../features/duel/use-client-seed';
import { useFairnessVerify } from '../../features/duel/use-fairness-verify';

export function HistoryFairness({ record }: { readonly record: GameRecord }) {
  const { fairness } = record;
  // What this tab saw before round 1, when the game was played here (docs/fairness.md).
  const { seen } = useSeenFairness(record.sessionId);
  const input = useMemo<FairnessInput | null>(() => {
    // A game without an opponent never started: no seed, nothing to replay.
    if (!fairness?.serverSeed || !record.opponentCharacter) return null;
    const stored = loadRoundLog(record.sessionId);
    return {
      sessionId: record.sessionId,
      commitment: fairness.commitment,
      serverSeed: fairness.serverSeed,
      clientSeeds: fairness.clientSeeds,
      seen,
      characters: stored?.characters ?? { player1: record.playerCharacter.id, player2: record.opponentCharacter.id },
      rounds: record.rounds.length > 0 ? publishedRounds(record.rounds) : (stored?.rounds ?? []),
      roundsPlayed: record.currentRound,
    };
  }, [record, fairness, seen]);
  const verify = useFairnessVerify(input);
  if (!fairness) return null;
  return <FairnessPanel commitment={fairness.commitment} serverSeed={fairness.serverSeed} clientSeeds={fairness.clientSeeds} onVerify={verify.verify} result={verify.result} />;
}
