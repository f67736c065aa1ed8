// The live bracket laid out for reading: elimination rounds as columns, in sections for
// a double elimination; a round robin's standings (3 points a win, 1 a draw). Pure, from props.
import type { BracketMatch, BracketSlot, TournamentBracket } from '@duel-dojo/protocol';

export interface BracketColumn {
  readonly key: string;
  readonly title: string;
  readonly matches: readonly BracketMatch[];
}

export interface BracketPart {
  readonly key: string;
  readonly title: string;
  readonly columns: readonly BracketColumn[];
}

type Section = BracketMatch['section'];
type Outcome = 'win' | 'loss' | 'draw' | null;

const byNumber = (a: BracketMatch, b: BracketMatch) => a.number - b.number;

function roundsOf(matches: readonly BracketMatch[], section: Section): number[] {
  return [...new Set(matches.filter((match) => match.section === section).map((match) => match.round))].sort((a, b) => a - b);
}

function columnsOf(matches: readonly BracketMatch[], section: Section, title: (round: number, last: number) => string): BracketColumn[] {
  const rounds = roundsOf(matches, section);
  const last = rounds.at(-1) ?? 0;
  return rounds.map((round) => ({
    key: `${section}-${round}`,
    title: title(round, last),
    matches: matches.filter((match) => match.section === section && match.round === round).sort(byNumber),
  }));
}

function singleTitle(round: number, last: number): string {
  if (round === last) return 'Final';
  if (round === last - 1) return 'Semi-finals';
  if (round === last - 2) return 'Quarter-finals';
  return `Round ${round}`;
}

/**
 * Elimination sections: one part for a single elimination (its third-place match as a last
 * column), winners / losers / grand final for a double one.
 */
export function eliminationParts(bracket: TournamentBracket): BracketPart[] {
  const { matches } = bracket;
  const hasLosers = matches.some((match) => match.section === 'losers');
  if (bracket.type !== 'double-elimination' || !hasLosers) {
    const third = columnsOf(matches, 'third-place', () => 'Third Place');
    return [{ key: 'main', title: 'Bracket', columns: [...columnsOf(matches, 'winners', singleTitle), ...third] }];
  }
  const parts: BracketPart[] = [
    { key: 'winners', title: 'Winners Bracket', columns: columnsOf(matches, 'winners', (round, last) => (round === last ? 'Winners Final' : `Winners Round ${round}`)) },
    { key: 'losers', title: 'Losers Bracket', columns: columnsOf(matches, 'losers', (round, last) => (round === last ? 'Losers Final' : `Losers Round ${round}`)) },
    { key: 'grand-final', title: 'Grand Final', columns: columnsOf(matches, 'grand-final', (round) => (round === 1 ? 'Grand Final' : 'Grand Final Reset')) },
  ];
  return parts.filter((part) => part.columns.length > 0);
}

/** A round robin's rounds, in order. */
export function leagueRounds(bracket: TournamentBracket): BracketColumn[] {
  return columnsOf(bracket.matches, 'league', (round) => `Round ${round}`);
}

/** "BYE" for no opponent, "TBD" while still to be decided, else the player's name. */
export function slotName(slot: BracketSlot): string {
  if (slot === null) return 'BYE';
  if (slot.participantId === null) return 'TBD';
  return slot.displayName ?? slot.username ?? 'Player';
}

/** A side's result; a forfeit counts as a loss and a win for the other side. */
export function outcomeOf(slot: BracketSlot, other: BracketSlot): Outcome {
  if (slot === null) return null;
  if (slot.result) return slot.result;
  if (slot.forfeit) return 'loss';
  return other?.forfeit ? 'win' : null;
}

export type MatchMark = 'live' | 'finished' | 'bye' | 'ready' | 'waiting';

export const MARK_LABELS: Readonly<Record<MatchMark, string>> = { live: 'Live', finished: 'Finished', bye: 'Bye', ready: 'Ready', waiting: 'Waiting' };

export function matchMark(match: BracketMatch): MatchMark {
  if (match.live) return 'live';
  if (match.opponent1 === null || match.opponent2 === null) return 'bye';
  if (match.status === 'completed' || match.status === 'archived') return 'finished';
  if (match.status === 'ready' || match.status === 'running') return 'ready';
  return 'waiting';
}

export function isViewerMatch(match: BracketMatch, viewerId: string | null): boolean {
  if (viewerId === null) return false;
  return match.opponent1?.participantId === viewerId || match.opponent2?.participantId === viewerId;
}

export interface Standing {
  readonly participantId: string;
  readonly name: string;
  readonly played: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly points: number;
}

/** The round robin's table: points, then wins, then name. */
export function standings(matches: readonly BracketMatch[]): Standing[] {
  const rows = new Map<string, { -readonly [K in keyof Standing]: Standing[K] }>();
  const add = (slot: BracketSlot, other: BracketSlot) => {
    if (slot === null || slot.participantId === null) return;
    const row = rows.get(slot.participantId) ?? { participantId: slot.participantId, name: slotName(slot), played: 0, wins: 0, draws: 0, losses: 0, points: 0 };
    rows.set(slot.participantId, row);
    if (other === null) return;
    const outcome = outcomeOf(slot, other);
    if (outcome === null) return;
    row.played += 1;
    if (outcome === 'win') [row.wins, row.points] = [row.wins + 1, row.points + 3];
    else if (outcome === 'draw') [row.draws, row.points] = [row.draws + 1, row.points + 1];
    else row.losses += 1;
  };
  for (const match of matches) {
    add(match.opponent1, match.opponent2);
    add(match.opponent2, match.opponent1);
  }
  return [...rows.values()].sort((a, b) => b.points - a.points || b.wins - a.wins || a.name.localeCompare(b.name));
}
