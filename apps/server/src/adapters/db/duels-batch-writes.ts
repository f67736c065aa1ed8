// The writes of many games in ONE statement per kind: new games, second seats, round persists and
// records without stats (docs/durable-games.md "One statement for many games"). The rows go in as
// one JSON array (jsonb_to_recordset, the same on PostgreSQL and PGlite), and each row keeps its own fence, so
// a stale owner's row changes nothing while the others of the batch land. The rows are locked in
// id order, as the lease renewal locks them (game-leases-store.ts): two statements touching many
// of the same games never wait on each other in a cycle.
import { sql } from 'drizzle-orm';
import type { FencedMatch, FencedNewGame, FencedResult, FencedRound, RoundLogRow } from '../../modules/duels';
import type { Db, Tx } from './connect';

/**
 * Each closed round's JSON, made once: a game writes its whole log at every round, so without this
 * a ten-round game would serialize 55 rounds. A logged round is never changed once made
 * (modules/duels/game-over.ts roundLogRow), so its text stays true.
 */
const roundJson = new WeakMap<RoundLogRow, string>();

function logJson(rounds: readonly RoundLogRow[]): string {
  const parts: string[] = [];
  for (const round of rounds) {
    let text = roundJson.get(round);
    if (text === undefined) {
      text = JSON.stringify(round);
      roundJson.set(round, text);
    }
    parts.push(text);
  }
  return `[${parts.join(',')}]`;
}

/** The row's JSON object with its round log added as `rounds`. */
function withRounds(row: Record<string, unknown>, rounds: readonly RoundLogRow[]): string {
  return `${JSON.stringify(row).slice(0, -1)},"rounds":${logJson(rounds)}}`;
}

const jsonArray = (items: readonly string[]): string => `[${items.join(',')}]`;

/** The session ids the statement changed: the others' leases moved on, or they were over. */
async function written(db: Db | Tx, statement: ReturnType<typeof sql>): Promise<ReadonlySet<string>> {
  const result = await db.execute<{ session_id: string }>(statement);
  return new Set(result.rows.map((row) => row.session_id));
}

export function saveRounds(db: Db, batch: readonly FencedRound[]): Promise<ReadonlySet<string>> {
  if (batch.length === 0) return Promise.resolve(new Set());
  const rows = jsonArray(
    batch.map(({ round, fence }) =>
      withRounds({ session_id: round.sessionId, current_round: round.currentRound, live_state: round.liveState, node: fence.node, epoch: fence.epoch }, round.rounds),
    ),
  );
  return written(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${rows}::jsonb)
            as v(session_id text, current_round integer, rounds jsonb, live_state jsonb, node text, epoch integer)
        ), held as (
          select g.id, v.current_round, v.rounds, v.live_state
          from games g join v on g.session_id = v.session_id
          where g.owner_node = v.node and g.lease_epoch = v.epoch and g.game_over = false and g.ended_at is null
          order by g.id
          for update of g
        )
        update games set current_round = held.current_round, rounds = held.rounds, live_state = held.live_state
        from held where games.id = held.id
        returning games.session_id`,
  );
}

/** Games with no registered player's stats to change (their records need no transaction). */
export function finishGames(db: Db, batch: readonly FencedResult[]): Promise<ReadonlySet<string>> {
  if (batch.length === 0) return Promise.resolve(new Set());
  const rows = jsonArray(
    batch.map(({ result, fence }) =>
      withRounds(
        {
          session_id: result.sessionId,
          winner: result.winner,
          end_reason: result.endReason,
          current_round: result.currentRound,
          server_seed: result.serverSeed,
          client_seeds: result.clientSeeds,
          ended_at: result.endedAt.toISOString(),
          payout_state: result.payoutState,
          node: fence.node,
          epoch: fence.epoch,
        },
        result.rounds,
      ),
    ),
  );
  return written(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${rows}::jsonb)
            as v(session_id text, winner text, end_reason text, current_round integer, rounds jsonb, server_seed text,
                 client_seeds jsonb, ended_at timestamptz, payout_state text, node text, epoch integer)
        ), held as (
          select g.id, v.*
          from games g join v on g.session_id = v.session_id
          where g.owner_node = v.node and g.lease_epoch = v.epoch and g.game_over = false
          order by g.id
          for update of g
        )
        update games set
          winner = held.winner, end_reason = held.end_reason, game_over = true, current_round = held.current_round,
          rounds = held.rounds, server_seed = held.server_seed, client_seeds = nullif(held.client_seeds, 'null'::jsonb),
          ended_at = held.ended_at, payout_state = held.payout_state,
          -- Not resumable any more; it held guests' rejoin keys, which the record never keeps.
          owner_node = null, live_state = null
        from held where games.id = held.id
        returning games.session_id`,
  );
}

/**
 * New waiting games, each leased to its own fence for `leaseMs` from the database's now; answers
 * the session ids written. A paid game is written only while its creator's stake, bound to it
 * just before, is still verified, and that payment row is locked until the game's row is in: the
 * lease pass and the refund sweep judge "bound to a game that does not exist" only after locking
 * the same row (game-leases-store.ts, ledger-store.ts), so a stake is either refunded and its
 * game never written, or its game written and the stake never refunded (docs/money.md).
 */
export function createGames(db: Db | Tx, batch: readonly FencedNewGame[], leaseMs: number): Promise<ReadonlySet<string>> {
  if (batch.length === 0) return Promise.resolve(new Set());
  const rows = JSON.stringify(
    batch.map(({ row, fence }) => ({
      session_id: row.sessionId,
      player1_id: row.player1Id,
      player1_wallet: row.player1Wallet,
      player1_name: row.player1Name,
      player1_character: row.player1Character,
      bet_amount: row.betAmount,
      stake_lamports: row.stakeLamports.toString(),
      fairness_commitment: row.fairnessCommitment,
      server_seed: row.serverSeed,
      live_state: row.liveState,
      node: fence.node,
      epoch: fence.epoch,
    })),
  );
  return written(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${rows}::jsonb)
            as v(session_id text, player1_id uuid, player1_wallet text, player1_name text, player1_character integer, bet_amount text,
                 stake_lamports bigint, fairness_commitment text, server_seed text, live_state jsonb, node text, epoch integer)
        ), staked as (
          select p.game_session_id
          from payments p join v on p.game_session_id = v.session_id
          where v.stake_lamports > 0 and p.kind = 'stake' and p.status = 'verified' and p.wallet = v.player1_wallet
          order by p.id
          for update of p
        )
        insert into games (session_id, player1_id, player1_wallet, player1_name, player1_character, bet_amount, stake_lamports,
          fairness_commitment, server_seed, live_state, payout_state, owner_node, lease_epoch, lease_expires_at)
        select session_id, player1_id, player1_wallet, player1_name, player1_character, bet_amount, stake_lamports,
          fairness_commitment, server_seed, live_state, 'none', node, epoch, now() + ${leaseMs} * interval '1 millisecond'
        from v
        where v.stake_lamports = 0 or v.session_id in (select game_session_id from staked)
        returning session_id`,
  );
}

/** Second seats of waiting games; answers the session ids seated (the others were not waiting, or not this fence's). */
export function startGames(db: Db, batch: readonly FencedMatch[]): Promise<ReadonlySet<string>> {
  if (batch.length === 0) return Promise.resolve(new Set());
  const rows = JSON.stringify(
    batch.map(({ sessionId, row, liveState, fence }) => ({
      session_id: sessionId,
      player2_id: row.player2Id,
      player2_wallet: row.player2Wallet,
      player2_name: row.player2Name,
      player2_character: row.player2Character,
      is_bot: row.isBot,
      live_state: liveState,
      node: fence.node,
      epoch: fence.epoch,
    })),
  );
  return written(
    db,
    sql`with v as (
          select * from jsonb_to_recordset(${rows}::jsonb)
            as v(session_id text, player2_id uuid, player2_wallet text, player2_name text, player2_character integer, is_bot boolean,
                 live_state jsonb, node text, epoch integer)
        ), held as (
          select g.id, v.player2_id, v.player2_wallet, v.player2_name, v.player2_character, v.is_bot, v.live_state
          from games g join v on g.session_id = v.session_id
          where g.owner_node = v.node and g.lease_epoch = v.epoch and g.game_over = false and g.ended_at is null
            and g.player2_character is null
          order by g.id
          for update of g
        )
        update games set
          player2_id = held.player2_id, player2_wallet = held.player2_wallet, player2_name = held.player2_name,
          player2_character = held.player2_character, is_bot = held.is_bot, live_state = held.live_state
        from held where games.id = held.id
        returning games.session_id`,
  );
}
