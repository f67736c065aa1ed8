// The tournament routes over real HTTP and databases: every create validation and message of
// the form, the join messages the web app matches by text, the list filters and the protocol's
// fields, and the status moves at the start date (the tournaments' clock is the test's).
import { type Tournament, type TournamentDetail, tournamentAnswer, tournamentChangeAnswer, tournamentJoinErrorText, tournamentListAnswer } from '@duel-dojo/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterOwnership } from '../adapters/db/schema';
import { type Database, type GameHarness, type Player, signUp } from '../test-support/game-server';
import { testDatabases } from '../test-support';
import { type FakeClock, call, createPayload, createTournament, fakeClock, joinTournament, startTournamentServer, tournamentDetail } from '../test-support/tournament-server';

const HOUR = 3_600_000;

describe.each(testDatabases())('tournament API on $kind', (target) => {
  let database: Database;
  let game: GameHarness;
  let clock: FakeClock;
  let url: string;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let dave: Player;
  let erin: Player;

  beforeAll(async () => {
    database = await target.open();
    clock = fakeClock();
    game = await startTournamentServer(database, clock);
    url = game.url;
    [alice, bob, carol, dave, erin] = (await Promise.all(['alice', 'bob', 'carol', 'dave', 'erin'].map((name) => signUp(url, name)))) as [Player, Player, Player, Player, Player];
  });
  afterAll(async () => {
    await game?.stop();
    await database?.close();
  });

  const post = (body: unknown, token: string | null = alice.token) => call(url, 'POST', '/api/tournaments', { token, body });
  const join = (id: string, token: string | null, body: unknown = {}) => call(url, 'PUT', `/api/tournaments/${id}/join`, { token, body });

  describe('create', () => {
    it('needs a signed-in wallet', async () => {
      expect(await post(createPayload(clock), null)).toEqual({ status: 401, body: { success: false, code: 'TOURNAMENT_CONNECT_TO_CREATE', message: 'Please connect your wallet to create a tournament.' } });
      expect((await post(createPayload(clock), 'not-a-token')).body).toMatchObject({ success: false, message: 'Invalid or expired token' });
    });

    it('refuses an entry fee without a chain to take it (no paid tournament then)', async () => {
      expect(await post(createPayload(clock, { entryFee: '0.1 SOL' }))).toEqual({
        status: 400,
        body: { success: false, code: 'PAID_TOURNAMENTS_UNAVAILABLE', message: 'Paid tournaments are not available on this server' },
      });
    });

    it('gives the form messages', async () => {
      const refused = async (payload: unknown) => {
        const answer = await post(payload);
        expect(answer.status, JSON.stringify(payload)).toBe(400);
        return (answer.body as { message: string }).message;
      };
      const valid = createPayload(clock);
      expect(await refused({ ...valid, name: '' })).toBe('Please fill in all required fields');
      expect(await refused({ ...valid, description: '   ' })).toBe('Please fill in all required fields');
      expect(await refused({ description: 'x', startDate: valid.startDate })).toBe('Please fill in all required fields');
      expect(await refused({ ...valid, startDate: '' })).toBe('Please select a start date');
      expect(await refused({ name: 'a', description: 'b' })).toBe('Please select a start date');
      expect(await refused({ ...valid, startDate: 'next friday' })).toBe('startDate: Please select a valid start date');
      expect(await refused({ ...valid, startDate: new Date(clock.now() - 1).toISOString() })).toBe('Please select a start date in the future');
      expect(await refused({ ...valid, startDate: new Date(clock.now()).toISOString() })).toBe('Please select a start date in the future');
      for (const size of [2, 5, 64, '8x']) expect(await refused({ ...valid, maxParticipants: size })).toBe('maxParticipants: Max players must be 4, 8, 16 or 32');
      expect(await refused({ ...valid, format: 'swiss' })).toBe('format: Format must be single-elimination, double-elimination or round-robin');
    });

    it('creates with the product defaults and every field of the protocol', async () => {
      const answer = await post(createPayload(clock, { name: '  Friday Fights ' }));
      expect(answer.status).toBe(201);
      expect(tournamentChangeAnswer.safeParse(answer.body).success).toBe(true);
      const { tournament } = answer.body as { tournament: Tournament };
      expect(answer.body).toMatchObject({ success: true, message: 'Tournament created' });
      expect(tournament).toMatchObject({
        name: 'Friday Fights',
        description: 'Bring your best',
        entryFee: '',
        maxParticipants: 8,
        currentParticipants: 0,
        format: 'single-elimination',
        status: 'upcoming',
        prizes: { first: '', second: '', third: '' },
        winner: null,
        isRegistered: false,
        participants: [],
        creator: alice.address,
      });
      expect(tournament.tournamentId).toMatch(/^[A-Za-z0-9_-]{8}$/);
    });

    it('keeps every choice as given: 4/8/16/32 (also as text), each format, a free entry and prizes as typed', async () => {
      for (const [maxParticipants, format] of [[4, 'round-robin'], ['16', 'double-elimination'], [32, 'single-elimination']] as const) {
        const created = await createTournament(url, bob.token, createPayload(clock, { maxParticipants, format, entryFee: 'Free', prizes: { first: '1 SOL', second: '', third: 'A badge' } }));
        expect(created).toMatchObject({ maxParticipants: Number(maxParticipants), format, entryFee: '', entryFeeLamports: '0', prizePool: null, prizes: { first: '1 SOL', second: '', third: 'A badge' }, creator: bob.address });
      }
    });
  });

  describe('join', () => {
    let cup: Tournament;
    beforeAll(async () => {
      cup = await createTournament(url, alice.token, createPayload(clock, { maxParticipants: 4, name: 'Small Cup' }));
    });

    it('needs a login token; a token of no session is "User not found"', async () => {
      expect(await join(cup.tournamentId, null)).toEqual({
        status: 401,
        body: { success: false, code: 'TOURNAMENT_LOGIN_REQUIRED', message: 'You need to be logged in to join tournaments. Please connect your wallet and authenticate.' },
      });
      const stale = await join(cup.tournamentId, 'stale-token');
      expect(stale).toEqual({ status: 401, body: { success: false, code: 'USER_NOT_FOUND', message: 'User not found' } });
      expect(tournamentJoinErrorText((stale.body as { message: string }).message)).toBe('Authentication error: Please reconnect your wallet and try again.');
    });

    it('registers with every participant field of the protocol, once', async () => {
      const answer = await join(cup.tournamentId, bob.token, { characterId: 4 });
      expect(answer.status).toBe(200);
      const { tournament } = answer.body as { tournament: Tournament };
      expect(answer.body).toMatchObject({ success: true, message: 'You have joined the tournament' });
      expect(tournament).toMatchObject({ currentParticipants: 1, isRegistered: true });
      expect(tournament.participants).toEqual([
        { _id: bob.userId, walletAddress: bob.address, username: 'bob', displayName: expect.any(String), avatar: null, characterId: 4, level: 1, stats: { wins: 0, losses: 0 } },
      ]);
      const again = await join(cup.tournamentId, bob.token);
      expect(again).toEqual({ status: 409, body: { success: false, code: 'TOURNAMENT_ALREADY_REGISTERED', message: 'You are already registered for this tournament.' } });
      expect(tournamentJoinErrorText((again.body as { message: string }).message)).toBe('You are already registered for this tournament.');
    });

    it('takes a PUT without a body, with or without the JSON content type', async () => {
      expect((await call(url, 'PUT', `/api/tournaments/${cup.tournamentId}/join`, { token: carol.token, contentType: 'application/json' })).status).toBe(200);
      const bare = await call(url, 'PUT', `/api/tournaments/${cup.tournamentId}/join`, { token: dave.token });
      expect(bare.status, JSON.stringify(bare.body)).toBe(200);
      const detail = await tournamentDetail(url, cup.tournamentId, dave.token);
      // Without a character, the player's own (the default 7).
      expect(detail.participants.find((p) => p._id === dave.userId)?.characterId).toBe(7);
    });

    it('refuses a marketplace character the player does not own, and an unknown one', async () => {
      expect(await join(cup.tournamentId, erin.token, { characterId: 12 })).toEqual({ status: 403, body: { success: false, code: 'CHARACTER_NOT_OWNED', message: 'You do not own this character' } });
      expect((await join(cup.tournamentId, erin.token, { characterId: 99 })).status).toBe(400);
    });

    it('says "full" when every seat is taken', async () => {
      await database.db.insert(characterOwnership).values({ userId: alice.userId, characterId: 12 });
      expect((await join(cup.tournamentId, alice.token, { characterId: 12 })).status).toBe(200);
      const full = await join(cup.tournamentId, erin.token);
      expect(full).toEqual({ status: 409, body: { success: false, code: 'TOURNAMENT_FULL', message: 'This tournament is full.' } });
      expect(tournamentJoinErrorText((full.body as { message: string }).message)).toBe('This tournament is full.');
    });

    it('says "closed" once the start date has come, and "Tournament Not Found" for an unknown id', async () => {
      const soon = await createTournament(url, alice.token, createPayload(clock, {}, 1_000));
      clock.advance(1_000);
      const closed = await join(soon.tournamentId, erin.token);
      expect(closed).toEqual({ status: 409, body: { success: false, code: 'TOURNAMENT_CLOSED', message: 'Registration for this tournament is closed.' } });
      expect(tournamentJoinErrorText((closed.body as { message: string }).message)).toBe('Registration for this tournament is closed.');
      expect(await join('nope1234', erin.token)).toEqual({ status: 404, body: { success: false, code: 'TOURNAMENT_NOT_FOUND', message: 'Tournament Not Found' } });
    });
  });

  describe('list and detail', () => {
    it('answers the detail, 404 "Tournament Not Found" when unknown', async () => {
      const created = await createTournament(url, carol.token, createPayload(clock, { name: 'Detail Cup', format: 'round-robin' }));
      await joinTournament(url, dave.token, created.tournamentId);
      const seen = await call<{ success: true; tournament: TournamentDetail }>(url, 'GET', `/api/tournaments/${created.tournamentId}`, { token: dave.token });
      expect(seen.status).toBe(200);
      expect(tournamentAnswer.safeParse(seen.body).success).toBe(true);
      expect(seen.body.tournament).toMatchObject({ name: 'Detail Cup', isRegistered: true, currentParticipants: 1, bracket: null, myMatch: null, placings: [] });
      expect((await tournamentDetail(url, created.tournamentId)).isRegistered).toBe(false);
      expect((await tournamentDetail(url, created.tournamentId, 'junk-token')).isRegistered).toBe(false);
      expect(await call(url, 'GET', '/api/tournaments/unknown1')).toEqual({ status: 404, body: { success: false, code: 'TOURNAMENT_NOT_FOUND', message: 'Tournament Not Found' } });
      expect((await call(url, 'GET', '/api/tournaments/..%2Fx')).status).toBe(400);
    });

    it('filters by status, creator, participant and format, sorts and pages, with isRegistered for the caller', async () => {
      const list = async (query: string, token?: string) => {
        const answer = await call<{ tournaments: Tournament[]; total: number }>(url, 'GET', `/api/tournaments${query}`, { token: token ?? null });
        expect(answer.status, query).toBe(200);
        expect(tournamentListAnswer.safeParse(answer.body).success).toBe(true);
        return answer.body;
      };
      const all = await list('?limit=100');
      expect(all.total).toBe(all.tournaments.length);
      const starts = all.tournaments.map((t) => t.startDate);
      expect(starts).toEqual([...starts].sort());
      expect((await list(`?creator=${bob.address}`)).tournaments.map((t) => t.format).sort()).toEqual(['double-elimination', 'round-robin', 'single-elimination']);
      expect((await list('?format=double-elimination')).tournaments.every((t) => t.format === 'double-elimination')).toBe(true);
      const mine = await list(`?participant=${dave.address}`, dave.token);
      expect(mine.tournaments.map((t) => t.name).sort()).toEqual(['Detail Cup', 'Small Cup']);
      expect(mine.tournaments.every((t) => t.isRegistered)).toBe(true);
      const byCount = await list('?sortBy=currentParticipants&sortOrder=desc&limit=1');
      expect(byCount.tournaments[0]?.name).toBe('Small Cup');
      expect(byCount.total).toBe(all.total);
      const paged = await list('?sortBy=name&limit=2&offset=1');
      expect(paged.tournaments.map((t) => t.name)).toEqual([...all.tournaments.map((t) => t.name)].sort().slice(1, 3));
      expect((await call(url, 'GET', '/api/tournaments?status=open')).status).toBe(400);
      expect((await call(url, 'GET', '/api/tournaments?limit=101')).status).toBe(400);
    });

    it('moves upcoming -> active at the start date with 2 players or more, -> cancelled with fewer', async () => {
      const lonely = await createTournament(url, erin.token, createPayload(clock, { name: 'Lonely Cup' }, HOUR));
      const pair = await createTournament(url, erin.token, createPayload(clock, { name: 'Pair Cup' }, HOUR));
      await joinTournament(url, alice.token, lonely.tournamentId);
      await joinTournament(url, alice.token, pair.tournamentId);
      await joinTournament(url, bob.token, pair.tournamentId);
      await game.modules.tournaments.tick();
      expect((await tournamentDetail(url, pair.tournamentId)).status).toBe('upcoming');
      clock.advance(HOUR);
      await game.modules.tournaments.tick();
      expect((await tournamentDetail(url, lonely.tournamentId)).status).toBe('cancelled');
      const active = await tournamentDetail(url, pair.tournamentId, alice.token);
      expect(active.status).toBe('active');
      expect(active.bracket?.matches).toHaveLength(1);
      expect(active.myMatch).toMatchObject({ tournamentId: pair.tournamentId, opponent: { walletAddress: bob.address, username: 'bob' } });
      const statuses = async (status: string) => (await call<{ tournaments: Tournament[] }>(url, 'GET', `/api/tournaments?status=${status}&creator=${erin.address}`)).body.tournaments.map((t) => t.name);
      expect(await statuses('active')).toEqual(['Pair Cup']);
      expect(await statuses('cancelled')).toEqual(['Lonely Cup']);
      expect(await statuses('upcoming')).toEqual([]);
    });
  });
});
