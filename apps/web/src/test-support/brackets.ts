// Brackets as the server sends them (protocol tournamentBracket), for tests and previews.
import type { BracketMatch, BracketSlot, TournamentBracket } from '@duel-dojo/protocol';

export function aSlot(id: string | null, name: string | null, extra: Partial<NonNullable<BracketSlot>> = {}): NonNullable<BracketSlot> {
  return { participantId: id, username: name, displayName: name, score: null, result: null, forfeit: false, ...extra };
}

let nextId = 1;

export function aMatch(section: BracketMatch['section'], round: number, number: number, opponent1: BracketSlot, opponent2: BracketSlot, extra: Partial<BracketMatch> = {}): BracketMatch {
  return { matchId: nextId++, section, round, number, status: 'locked', opponent1, opponent2, live: false, ...extra };
}

const won = (id: string, name: string, score: number) => aSlot(id, name, { score, result: 'win' });
const lost = (id: string, name: string, score: number) => aSlot(id, name, { score, result: 'loss' });

/** 4 players: Kenji beat Yuki, Aiko's match is live against Ren (`renId`); final and third place to come. */
export function singleEliminationOf4(renId = 'u-ren'): TournamentBracket {
  return {
    type: 'single-elimination',
    matches: [
      aMatch('winners', 1, 1, won('u-kenji', 'Kenji', 64), lost('u-yuki', 'Yuki', 0), { status: 'completed' }),
      aMatch('winners', 1, 2, aSlot('u-aiko', 'Aiko'), aSlot(renId, 'Ren'), { status: 'running', live: true }),
      aMatch('winners', 2, 1, aSlot('u-kenji', 'Kenji'), aSlot(null, null), { status: 'waiting' }),
      aMatch('third-place', 1, 1, aSlot('u-yuki', 'Yuki'), aSlot(null, null), { status: 'waiting' }),
    ],
  };
}

/** 3 players padded to 4: Kenji has a BYE; Yuki forfeited against Aiko. */
export function singleEliminationWithBye(): TournamentBracket {
  return {
    type: 'single-elimination',
    matches: [
      aMatch('winners', 1, 1, aSlot('u-kenji', 'Kenji'), null, { status: 'completed' }),
      aMatch('winners', 1, 2, aSlot('u-aiko', 'Aiko', { result: 'win' }), aSlot('u-yuki', 'Yuki', { forfeit: true }), { status: 'completed' }),
      aMatch('winners', 2, 1, aSlot('u-kenji', 'Kenji'), aSlot('u-aiko', 'Aiko'), { status: 'ready', live: true }),
    ],
  };
}

/** 4 players, double elimination: winners, losers and the grand final. */
export function doubleEliminationOf4(): TournamentBracket {
  return {
    type: 'double-elimination',
    matches: [
      aMatch('winners', 1, 1, won('u-kenji', 'Kenji', 40), lost('u-yuki', 'Yuki', 0), { status: 'completed' }),
      aMatch('winners', 1, 2, won('u-aiko', 'Aiko', 12), lost('u-ren', 'Ren', 0), { status: 'completed' }),
      aMatch('winners', 2, 1, aSlot('u-kenji', 'Kenji'), aSlot('u-aiko', 'Aiko'), { status: 'ready', live: true }),
      aMatch('losers', 1, 1, aSlot('u-yuki', 'Yuki'), aSlot('u-ren', 'Ren'), { status: 'ready', live: true }),
      aMatch('losers', 2, 1, aSlot(null, null), aSlot(null, null)),
      aMatch('grand-final', 1, 1, aSlot(null, null), aSlot(null, null)),
    ],
  };
}

/** 3 players round robin: Kenji beat Yuki, Yuki drew with Aiko, Aiko v Kenji to play. */
export function roundRobinOf3(): TournamentBracket {
  return {
    type: 'round-robin',
    matches: [
      aMatch('league', 1, 1, won('u-kenji', 'Kenji', 50), lost('u-yuki', 'Yuki', 0), { status: 'completed' }),
      aMatch('league', 2, 1, aSlot('u-yuki', 'Yuki', { score: 0, result: 'draw' }), aSlot('u-aiko', 'Aiko', { score: 0, result: 'draw' }), { status: 'completed' }),
      aMatch('league', 3, 1, aSlot('u-aiko', 'Aiko'), aSlot('u-kenji', 'Kenji'), { status: 'ready', live: true }),
    ],
  };
}
