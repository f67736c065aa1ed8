// The history's Verify (docs/fairness.md): a published record checked against what this tab saw
// before round 1 when it has it (the commitment, the seed it sent), else against the record's own.
import type { GameRecord, RoundLogEntry } from '@duel-dojo/protocol';
import { type ClientSeeds, type DuelState, characterOrDefault, fairnessCommitment, hitFactor, playRound, startDuel } from '@duel-dojo/rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSeen } from '../../features/duel/client-seed-store';
import { exactText } from '../../test-support/exact-text';
import { HistoryFairness } from './history-fairness';

const SERVER_SEED = '7e'.repeat(32);
const SESSION = 'history-seeds';
const SEEDS: ClientSeeds = { player1: 'mine_1', player2: 'theirs-2' };

function playedRounds(): RoundLogEntry[] {
  let state: DuelState = startDuel(characterOrDefault(1), characterOrDefault(9));
  const move = { action: 'attack', prediction: 'dodge' } as const;
  const log: RoundLogEntry[] = [];
  for (let round = 1; round <= 2; round += 1) {
    const factors = { player1: hitFactor(SERVER_SEED, SESSION, round, 'player1', SEEDS), player2: hitFactor(SERVER_SEED, SESSION, round, 'player2', SEEDS) };
    state = playRound(state, { player1: move, player2: { action: 'dodge', prediction: 'hide' } }, factors);
    const o = state.log.at(-1)!;
    const side = (slot: 'player1' | 'player2') => ({ ...o[slot], factor: factors[slot] });
    log.push({ round: o.round, suddenDeath: o.suddenDeath, roundWinner: o.roundWinner, player1: side('player1'), player2: side('player2') });
  }
  return log;
}

const record = {
  sessionId: SESSION,
  playerCharacter: { id: 1 },
  opponentCharacter: { id: 9 },
  currentRound: 2,
  fairness: { commitment: fairnessCommitment(SERVER_SEED), serverSeed: SERVER_SEED, clientSeeds: SEEDS },
  rounds: playedRounds(),
} as unknown as GameRecord;

async function verify(): Promise<HTMLElement> {
  const user = userEvent.setup();
  render(<HistoryFairness record={record} />);
  await user.click(screen.getByText('Provably fair'));
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  return screen.getByRole('status');
}

const VERIFIED = exactText('Verified: the seed matches the commitment and all 2 rounds match.');

describe("the history's Verify", () => {
  it('passes on an honest record, against the commitment and the seed this tab kept', async () => {
    saveSeen({ sessionId: SESSION, commitment: fairnessCommitment(SERVER_SEED), seed: SEEDS.player1, refused: null, slot: 'player1' });
    expect(await verify()).toHaveTextContent(VERIFIED);
  });

  it('checks the record against its own commitment when this tab did not see the game', async () => {
    expect(await verify()).toHaveTextContent(VERIFIED);
  });

  it('fails in red when the commitment this tab saw before round 1 is another one', async () => {
    saveSeen({ sessionId: SESSION, commitment: fairnessCommitment('0'.repeat(64)), seed: SEEDS.player1, refused: null, slot: 'player1' });
    const result = await verify();
    expect(result).toHaveTextContent(exactText('Mismatch: the revealed seed does not match the commitment shown before round 1.'));
    expect(result.className).toMatch(/invalid/);
  });

  it('fails when the seat this tab played has another seed in the record', async () => {
    saveSeen({ sessionId: SESSION, commitment: null, seed: 'what-i-sent', refused: null, slot: 'player2' });
    expect(await verify()).toHaveTextContent(exactText('Mismatch: your seed in the record is not the one this browser sent.'));
  });

  it('does not check a seed the server refused', async () => {
    saveSeen({ sessionId: SESSION, commitment: fairnessCommitment(SERVER_SEED), seed: null, refused: 'CLIENT_SEED_TOO_LATE', slot: 'player2' });
    expect(await verify()).toHaveTextContent(VERIFIED);
  });
});
