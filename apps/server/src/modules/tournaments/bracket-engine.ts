// The bracket, by brackets-manager: one stage per tournament, its
// participants named by our user ids, on the storage the unit of work hands in. Every function
// takes that storage and builds its own manager (the library decorates the storage object).
//
// Rules of ours: seeds in registration order; elimination brackets are padded with BYEs to the
// next power of two (balanced, so no BYE meets a BYE); a single elimination of 4 or more plays a
// third-place match; a double elimination has one grand final, and with 2 players is one match;
// a round robin plays everyone once, a BYE sitting one player out per round when odd; it ranks by
// 3 points a win, 1 a draw, then the library's order (matches played, score difference).
import type { TournamentFormat } from '@duel-dojo/protocol';
import { BracketsManager } from 'brackets-manager';
import type { CrudInterface, Group, InputStage, Match, Participant, Round, Stage, StageType } from 'brackets-model';

/** Fewer registered players than this at the start date cancel the tournament. */
export const MIN_PLAYERS = 2;

/** brackets-model's Status values. */
export const MATCH_STATUS = { locked: 0, waiting: 1, ready: 2, running: 3, completed: 4, archived: 5 } as const;

const FORMAT_OF: Record<StageType, TournamentFormat> = {
  single_elimination: 'single-elimination',
  double_elimination: 'double-elimination',
  round_robin: 'round-robin',
};

export type Side = 'opponent1' | 'opponent2';

export type MatchResult =
  | { readonly kind: 'win'; readonly winner: Side; readonly scores: Readonly<Record<Side, number>> }
  | { readonly kind: 'draw'; readonly scores: Readonly<Record<Side, number>> }
  | { readonly kind: 'forfeit'; readonly absent: Side };

/** A match both of whose players are known and which is not decided yet. */
export interface PlayableMatch {
  readonly matchId: number;
  readonly player1Id: string;
  readonly player2Id: string;
}

/** The whole bracket as stored, for views. */
export interface BracketData {
  readonly stage: Stage;
  readonly groups: readonly Group[];
  readonly rounds: readonly Round[];
  readonly matches: readonly Match[];
  /** Library participant id -> our user id. */
  readonly userOf: ReadonlyMap<number, string>;
}

function nextPowerOfTwo(n: number): number {
  let size = 2;
  while (size < n) size *= 2;
  return size;
}

/** The library's stage for our format and players (user ids in seed order). */
export function stageInput(tournamentUuid: string, format: TournamentFormat, userIds: readonly string[]): InputStage {
  const n = userIds.length;
  const base = { tournamentId: tournamentUuid, name: 'Main' };
  if (format === 'round-robin') {
    return { ...base, type: 'round_robin', seeding: [...userIds], settings: { groupCount: 1, size: n, roundRobinMode: 'simple' } };
  }
  const size = nextPowerOfTwo(n);
  const seeding = [...userIds, ...Array<null>(size - n).fill(null)];
  if (format === 'double-elimination' && n >= 3) {
    return { ...base, type: 'double_elimination', seeding, settings: { size, grandFinal: 'simple', balanceByes: true } };
  }
  return { ...base, type: 'single_elimination', seeding, settings: { size, balanceByes: true, consolationFinal: n >= 4 } };
}

export async function createBracket(storage: CrudInterface, tournamentUuid: string, format: TournamentFormat, userIds: readonly string[]): Promise<void> {
  await new BracketsManager(storage).create.stage(stageInput(tournamentUuid, format, userIds));
}

export async function readBracket(storage: CrudInterface, tournamentUuid: string): Promise<BracketData | null> {
  const data = await new BracketsManager(storage).get.tournamentData(tournamentUuid);
  const stage = data.stage[0];
  if (!stage) return null;
  const userOf = new Map(data.participant.map((participant: Participant) => [Number(participant.id), participant.name]));
  return { stage, groups: data.group, rounds: data.round, matches: data.match, userOf };
}

export const formatOf = (stage: Stage): TournamentFormat => FORMAT_OF[stage.type];

/** Play order: round, then group (winners before losers), then match number. */
export function inPlayOrder(bracket: BracketData): Match[] {
  const roundNumber = new Map(bracket.rounds.map((round) => [Number(round.id), round.number]));
  const groupNumber = new Map(bracket.groups.map((group) => [Number(group.id), group.number]));
  const key = (match: Match) => [roundNumber.get(Number(match.round_id)) ?? 0, groupNumber.get(Number(match.group_id)) ?? 0, match.number];
  return [...bracket.matches].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return (ka[i] ?? 0) - (kb[i] ?? 0);
    return 0;
  });
}

/** The matches ready to be played, in play order. */
export function playableMatches(bracket: BracketData): PlayableMatch[] {
  const playable: PlayableMatch[] = [];
  for (const match of inPlayOrder(bracket)) {
    if (match.status !== MATCH_STATUS.ready) continue;
    const one = match.opponent1?.id;
    const two = match.opponent2?.id;
    const player1Id = one === null || one === undefined ? undefined : bracket.userOf.get(Number(one));
    const player2Id = two === null || two === undefined ? undefined : bracket.userOf.get(Number(two));
    if (player1Id && player2Id) playable.push({ matchId: Number(match.id), player1Id, player2Id });
  }
  return playable;
}

export async function recordResult(storage: CrudInterface, matchId: number, result: MatchResult): Promise<void> {
  const manager = new BracketsManager(storage);
  if (result.kind === 'forfeit') {
    await manager.update.match({ id: matchId, [result.absent]: { forfeit: true } });
    return;
  }
  const side = (which: Side) => ({
    score: result.scores[which],
    ...(result.kind === 'draw' ? { result: 'draw' as const } : which === result.winner ? { result: 'win' as const } : {}),
  });
  await manager.update.match({ id: matchId, opponent1: side('opponent1'), opponent2: side('opponent2') });
}

/** Every match with two sides (not a BYE) is decided. */
export function isFinished(bracket: BracketData): boolean {
  return bracket.matches.every((match) => match.opponent1 === null || match.opponent2 === null || match.status >= MATCH_STATUS.completed);
}

/** The final ranking's first three user ids, best first. */
export async function podium(storage: CrudInterface, bracket: BracketData): Promise<string[]> {
  const manager = new BracketsManager(storage);
  const standings =
    bracket.stage.type === 'round_robin'
      ? await manager.get.finalStandings(bracket.stage.id, { rankingFormula: (item) => 3 * item.wins + item.draws })
      : await manager.get.finalStandings(bracket.stage.id);
  return standings.slice(0, 3).map((item) => item.name);
}
