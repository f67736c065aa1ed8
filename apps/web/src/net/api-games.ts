// Spectating (docs/spectating.md): the live duels and one game's record (its replay once over).
import type { GameRecordAnswer, LiveGamesAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

// The schemas of these answers, loaded where used (net/protocol.ts).
const liveGamesArea = () => import('@duel-dojo/protocol/live-games');
const gameRecordsArea = () => import('@duel-dojo/protocol/game-records');

export function fetchLiveGames(): Promise<LiveGamesAnswer> {
  return requestJson('/api/games/live', () => liveGamesArea().then((area) => area.liveGamesAnswer));
}

export function fetchGameRecord(sessionId: string): Promise<GameRecordAnswer> {
  return requestJson(`/api/games/${encodeURIComponent(sessionId)}`, () => gameRecordsArea().then((area) => area.gameRecordAnswer));
}
