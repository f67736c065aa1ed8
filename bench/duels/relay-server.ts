// The floor: a bare Socket.IO server that sends the same events, of the same shape and size, on
// the same schedule as the game server, with none of its work: no payload validation, no message
// budget, no rules, no fairness hashes, no database, no serialized queues, and socket.emit on the
// socket object instead of a room lookup by id. The same load clients play against it unchanged.
//
//   joinGame -> gameState (waiting) to the creator, or a match: gameState (intro) to both;
//   introMs -> roundStart to both; playerAction -> actionConfirmed to the sender and
//   opponentLocked to the other; both acted, or roundMs passed -> roundEnd to both; resultsMs ->
//   the next round; the last round (drawn from the game server's rounds-per-game counts) ends
//   with roundEnd + gameState (over). No gameState per round: as the game server, the full state
//   goes out once per phase change of the game (docs/architecture.md, a game's flow).
//   requestStats -> gameStats, then pushed on change at most once per statsPushMs to the sockets
//   that asked and are not seated in a game (a match takes both players out of the stats room);
//   getServerTime -> serverTime.
//
// With `redis` in the plan it is one of several relays (relay-cluster.ts): waiting games are
// shared, a game lives on the node its creator is connected to, and an event to a player on
// another node goes through the Redis adapter; to a local socket, still socket.emit.
//
//   started by run.ts: tsx relay-server.ts '<TargetPlan as JSON>'
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { type TargetPlan, tell } from './ipc';
import { type RelayCluster, joinRelayCluster } from './relay-cluster';
import { type Game, type Side, health, newRejoinKey, roundEndFor, stateFor } from './relay-game';
import { serveProbe } from './target-probe';

const plan = JSON.parse(process.argv[2] ?? '{}') as TargetPlan;
const { introMs, roundMs, resultsMs, statsPushMs } = plan.timings;

/** Rounds of each game, drawn from the game server's distribution (default: 4–6). */
const roundsOfGames: number[] = (plan.roundsPerGame ?? []).flatMap((count, rounds) => Array<number>(count).fill(rounds)).filter((rounds) => rounds > 0);
const drawRounds = () => roundsOfGames[Math.floor(Math.random() * roundsOfGames.length)] ?? 4 + Math.floor(Math.random() * 3);

const http = createServer();
const io = new Server(http, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 16 * 1024 });
/** Waiting games by session id, oldest first. */
const waiting = new Map<string, Game>();
/** This node's games by session id; the game of each player (socket id) in them. */
const games = new Map<string, Game>();
const gameOf = new Map<string, Game>();
let activeGames = 0;

function sides(game: Game): Side[] {
  return game.p2 ? [game.p1, game.p2] : [game.p1];
}

/** BENCH_RELAY_EMIT=adapter: every event by io.to(id), as the game server's emitter sends it (what that costs on Redis). */
const VIA_ROOM = process.env.BENCH_RELAY_EMIT === 'adapter';
function send(side: Side, event: string, body: object): void {
  if (!side.socket || VIA_ROOM) io.to(side.id).emit(event, body);
  else if (side.socket.connected) side.socket.emit(event, body);
}

function sendState(game: Game): void {
  game.version += 1;
  for (const side of sides(game)) send(side, 'gameState', stateFor(game, side));
}

function broadcast(game: Game, event: string, payload: (version: number) => object): void {
  game.version += 1;
  const body = payload(game.version);
  for (const side of sides(game)) send(side, event, body);
}

function startRound(game: Game): void {
  game.round += 1;
  game.phase = 'round';
  game.endTime = Date.now() + roundMs;
  game.p1.acted = null;
  if (game.p2) game.p2.acted = null;
  const { round, endTime } = game;
  broadcast(game, 'roundStart', (version) => ({ sessionId: game.sessionId, version, round, endTime }));
  game.timer = setTimeout(() => closeRound(game), roundMs);
}

function closeRound(game: Game): void {
  if (game.phase !== 'round') return;
  if (game.timer) clearTimeout(game.timer);
  const gameOver = game.round >= game.totalRounds;
  const damage = health(game, game.round - 1) - health(game, game.round);
  game.phase = gameOver ? 'over' : 'results';
  game.endTime = null;
  broadcast(game, 'roundEnd', (version) => roundEndFor(game, version, damage));
  if (gameOver) {
    sendState(game);
    end(game);
    return;
  }
  game.timer = setTimeout(() => startRound(game), resultsMs);
}

function end(game: Game): void {
  if (game.timer) clearTimeout(game.timer);
  game.timer = null;
  if (game.p2) activeGames -= 1;
  if (waiting.delete(game.sessionId)) void cluster?.remove(game.sessionId);
  games.delete(game.sessionId);
  for (const player of sides(game)) if (gameOf.get(player.id) === game) gameOf.delete(player.id);
  statsChanged();
}

function join(socket: Socket, payload: unknown): void {
  if (gameOf.has(socket.id)) return;
  const character = Number((payload as { selectedCharacter?: unknown } | null)?.selectedCharacter) || 1;
  const me: Side = { id: socket.id, socket, character, rejoinKey: newRejoinKey(), acted: null };
  if (cluster) {
    const seat = (sessionId: string) => {
      const game = waiting.get(sessionId);
      if (game) seatSecond(game, me);
      return Boolean(game);
    };
    void cluster.join(me, { seat, open: () => openGame(me).sessionId });
    return;
  }
  const [open] = waiting.values();
  if (open) seatSecond(open, me);
  else openGame(me);
}

function seatSecond(open: Game, me: Side): void {
  waiting.delete(open.sessionId);
  open.p2 = me;
  open.phase = 'intro';
  open.matchedAt = Date.now();
  gameOf.set(me.id, open);
  activeGames += 1;
  statsChanged();
  for (const seated of [open.p1, me]) unwatchStats(seated);
  sendState(open);
  open.timer = setTimeout(() => startRound(open), introMs);
}

function openGame(me: Side): Game {
  const game: Game = {
    sessionId: randomUUID(),
    inviteCode: randomBytes(9).toString('base64url'),
    commitment: randomBytes(32).toString('hex'),
    seed: randomBytes(32).toString('hex'),
    totalRounds: drawRounds(),
    p1: me,
    p2: null,
    phase: 'waiting',
    round: 0,
    version: 0,
    endTime: null,
    matchedAt: 0,
    timer: null,
  };
  waiting.set(game.sessionId, game);
  games.set(game.sessionId, game);
  gameOf.set(me.id, game);
  sendState(game);
  return game;
}

function act(game: Game, id: string, action: string, prediction: string): void {
  if (game.phase !== 'round' || !game.p2) return;
  const me = game.p1.id === id ? game.p1 : game.p2;
  if (me.acted) return;
  me.acted = { action, prediction };
  send(me, 'actionConfirmed', { sessionId: game.sessionId, version: game.version, round: game.round, action, prediction });
  send(me === game.p1 ? game.p2 : game.p1, 'opponentLocked', { sessionId: game.sessionId, version: game.version, round: game.round });
  if (game.p1.acted && game.p2.acted) closeRound(game);
}

function onAction(socket: Socket, payload: unknown): void {
  const { action, prediction } = payload as { action: string; prediction: string };
  const game = gameOf.get(socket.id);
  if (game) act(game, socket.id, action, prediction);
  else cluster?.act(socket.id, action, prediction);
}

// gameStats to the sockets that asked, when the counts change, at most once per statsPushMs.
const STATS_ROOM = 'game-stats';
let statsTimer: NodeJS.Timeout | null = null;
let lastStats = '';
const stats = () => ({ onlinePlayers: io.engine.clientsCount, activeGames });
/** A seated player's screen shows no counts: no more pushes to it until it asks again. */
function unwatchStats(seated: Side): void {
  if (seated.socket) void seated.socket.leave(STATS_ROOM);
  else io.in(seated.id).socketsLeave(STATS_ROOM);
}
function statsChanged(): void {
  statsTimer ??= setTimeout(() => {
    statsTimer = null;
    const current = stats();
    const text = `${current.onlinePlayers}/${current.activeGames}`;
    if (text === lastStats) return;
    lastStats = text;
    // This node's watchers only, as the game server's toStatsWatchers (io.local: not through Redis).
    io.local.to(STATS_ROOM).emit('gameStats', current);
  }, statsPushMs);
}

io.on('connection', (socket) => {
  statsChanged();
  socket.on('requestStats', () => {
    void socket.join(STATS_ROOM);
    socket.emit('gameStats', stats());
  });
  socket.on('getServerTime', (payload: { clientTime?: number } | undefined) => socket.emit('serverTime', { clientTime: payload?.clientTime ?? 0, serverTime: Date.now() }));
  socket.on('joinGame', (payload: unknown) => join(socket, payload));
  socket.on('playerAction', (payload: unknown) => onAction(socket, payload));
  socket.on('disconnect', () => {
    statsChanged();
    const game = gameOf.get(socket.id);
    if (game?.phase === 'waiting') end(game);
  });
});

const cluster: RelayCluster | null = plan.redis
  ? await joinRelayCluster(io, plan.redis, {
      seat({ sessionId, id, character }) {
        const open = waiting.get(sessionId);
        // Gone meanwhile (its creator left): the joiner's client joins again on this error.
        if (open) seatSecond(open, { id, socket: null, character, rejoinKey: newRejoinKey(), acted: null });
        else io.to(id).emit('error', { event: 'joinGame', code: 'GAME_GONE' });
      },
      act({ sessionId, id, action, prediction }) {
        const game = games.get(sessionId);
        if (game) act(game, id, action, prediction);
      },
    })
  : null;

serveProbe(stop);

function stop(): void {
  io.local.disconnectSockets(true);
  io.close(() => void (cluster?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 5_000).unref();
}

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  tell({ type: 'ready', url: `http://127.0.0.1:${port}` });
});
