// Spectating (docs/spectating.md): the live duels and one game's record (its replay once over).
import type { GameRecordAnswer, LiveGamesAnswer } from '@duel-dojo/protocol';
import { requestJson } from './http';

export function fetchLiveGames(): Promise<LiveGamesAnswer> {
  return requestJson('/api/games/live', (p) => p.liveGamesAnswer);
}

export function fetchGameRecord(sessionId: string): Promise<GameRecordAnswer> {
  return requestJson(`/api/games/${encodeURIComponent(sessionId)}`, (p) => p.gameRecordAnswer);
}
