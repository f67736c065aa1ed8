// Verify, for the game-over view and the battle history: runs the check once asked.
import { useCallback, useEffect, useState } from 'react';
import { type FairnessInput, type RoundCheck, checkFairness, fairnessSummary } from './fairness-check';

export interface FairnessResult {
  readonly valid: boolean;
  readonly summary: string;
  readonly rounds: readonly RoundCheck[];
}

export function useFairnessVerify(input: FairnessInput | null): { result: FairnessResult | null; verify: () => void } {
  const [result, setResult] = useState<FairnessResult | null>(null);
  useEffect(() => setResult(null), [input]);
  const verify = useCallback(() => {
    if (!input) return;
    const report = checkFairness(input);
    setResult({ valid: report.valid, summary: fairnessSummary(report), rounds: report.rounds });
  }, [input]);
  return { result, verify };
}
