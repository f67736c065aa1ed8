// A wallet's money page on either database (modules/ledger/wallet-money.ts): the ledger rows
// naming the wallet — as the other side of the transfer, or as the player a payment was for (any
// wallet may pay a player's request) — and the money decided for it whose transfer is not
// written yet, mirroring what the ledger's sweep will pay (ledger-store.ts): a refund due, an
// owed row not given back. Only reads.
import { type SQL, sql } from 'drizzle-orm';
import { toLamports } from '@duel-dojo/rules';
import { type MoneyPosition, type MovementFacts, type WalletKind, type WalletMoneyStore, WALLET_IN_KINDS, WALLET_KINDS } from '../../modules/ledger';
import type { Db } from './connect';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
const OUT_KINDS = WALLET_KINDS.filter((kind) => !(WALLET_IN_KINDS as readonly string[]).includes(kind));

/** The ids of the ledger rows the wallet sees: as the transfer's other side, or the payment's player. */
const walletRows = (wallet: string) => sql`
  select l.id from ledger l where l.wallet = ${wallet} and l.kind in (${list(WALLET_KINDS)})
  union
  select l.id from ledger l join payments p on p.id = l.payment_id where p.wallet = ${wallet} and l.kind in (${list(WALLET_KINDS)})`;

/** Every movement, one shape: written rows, refunds due and give-backs due. */
const movements = (wallet: string) => sql`
  select l.id::text as id, l.kind, l.amount, l.status, l.created_at,
    (l.status = 'pending' and l.updated_at > l.created_at) as resigned,
    -- An overpayment has no transaction of its own: it came with its payment's.
    coalesce(l.signature, case when l.kind = 'excess_in' then p.signature end) as signature,
    l.payment_id, l.game_id, coalesce(l.tournament_id, p.tournament_id) as tournament_uuid,
    case when l.kind = 'give_back' then split_part(l.idempotency_key, ':', 2) end as owed_kind
  from (${walletRows(wallet)}) mine
  join ledger l on l.id = mine.id
  left join payments p on p.id = l.payment_id
  union all
  select 'due-refund-' || p.id::text, 'refund'::text, c.amount, 'due'::text,
    greatest(coalesce(p.verified_at, p.created_at), g.ended_at, case when t.status = 'cancelled' then t.start_date end),
    false, null::text, p.id, g.id, p.tournament_id, null::text
  from payments p
  join ledger c on c.payment_id = p.id and c.kind in ('stake_in', 'purchase_in', 'entry_in')
  left join games g on g.session_id = p.game_session_id
  left join tournaments t on t.id = p.tournament_id
  -- The player's requests, and those another wallet's lamports paid: the refund goes back to it (both indexed).
  where (p.wallet = ${wallet} or (p.payer = ${wallet} and p.payer <> p.wallet)) and p.status in ('verified', 'refund_due')
    and not exists (select 1 from ledger r where r.idempotency_key = 'refund:' || p.id::text)
    and (p.status = 'refund_due'
      or (p.status = 'verified' and p.kind = 'stake' and g.payout_state = 'refund_due' and p.wallet in (g.player1_wallet, g.player2_wallet))
      or (p.status = 'verified' and p.kind = 'tournament_entry' and t.status = 'cancelled'))
  union all
  select 'due-give-back-' || o.id::text, 'give_back'::text, o.amount, 'due'::text, o.created_at,
    false, null::text, o.payment_id, null::uuid, null::uuid, o.kind
  from ledger o
  where o.wallet = ${wallet} and o.kind in ('refused_in', 'excess_in') and o.status = 'confirmed'
    and not exists (select 1 from ledger b where b.idempotency_key = 'give_back:' || o.idempotency_key)`;

interface MovementRow extends Record<string, unknown> {
  id: string;
  kind: string;
  amount: string;
  status: string;
  created_at: string | Date;
  resigned: boolean;
  signature: string | null;
  sort_us: string;
  age_ms: string;
  owed_kind: string | null;
  payment_kind: string | null;
  character_id: number | null;
  session_id: string | null;
  game_cancelled: boolean | null;
  game_drawn: boolean | null;
  tournament_id: string | null;
  tournament_cancelled: boolean | null;
}

function toFacts(row: MovementRow): MovementFacts {
  return {
    id: row.id,
    kind: row.kind as WalletKind,
    amount: toLamports(row.amount),
    status: row.status as MovementFacts['status'],
    resigned: row.resigned,
    ageMs: Number(row.age_ms),
    signature: row.signature,
    createdAt: new Date(row.created_at),
    position: { sortKey: BigInt(row.sort_us), id: row.id },
    sessionId: row.session_id,
    tournamentId: row.tournament_id,
    characterId: row.character_id,
    paymentKind: row.payment_kind as MovementFacts['paymentKind'],
    owedKind: row.owed_kind as MovementFacts['owedKind'],
    gameCancelled: row.game_cancelled === true,
    gameDrawn: row.game_drawn === true,
    tournamentCancelled: row.tournament_cancelled === true,
  };
}

export function createWalletMoneyStore(db: Db): WalletMoneyStore {
  return {
    async movements(wallet, after: MoneyPosition | null, limit) {
      const keyset: SQL = after === null ? sql`true` : sql`(m.sort_us, m.id) < (${after.sortKey.toString()}::bigint, ${after.id}::text)`;
      // The page is cut first, then each movement's game, payment and tournament are joined.
      const result = await db.execute<MovementRow>(sql`
        with m as (
          select all_m.*, floor(extract(epoch from all_m.created_at) * 1000000)::bigint as sort_us
          from (${movements(wallet)}) all_m
        ), page as (
          select * from m where ${keyset} order by m.sort_us desc, m.id desc limit ${limit}
        )
        select page.id, page.kind, page.amount::text as amount, page.status, page.created_at, page.resigned, page.signature,
          page.sort_us::text as sort_us, floor(extract(epoch from (now() - page.created_at)) * 1000)::text as age_ms, page.owed_kind,
          p.kind as payment_kind, p.character_id, g.session_id,
          (g.player2_character is null and g.ended_at is not null and not g.game_over and g.player1_wallet = p.wallet) as game_cancelled,
          (g.winner = 'draw' and p.wallet in (g.player1_wallet, g.player2_wallet)) as game_drawn,
          t.tournament_id, (t.status = 'cancelled') as tournament_cancelled
        from page
        left join payments p on p.id = page.payment_id
        left join games g on g.id = coalesce(page.game_id, (select gs.id from games gs where gs.session_id = p.game_session_id))
        left join tournaments t on t.id = page.tournament_uuid
        order by page.sort_us desc, page.id desc`);
      return result.rows.map(toFacts);
    },

    async totals(wallet) {
      const result = await db.execute<{ in_lamports: string; out_lamports: string }>(sql`
        select coalesce(sum(l.amount) filter (where l.kind in (${list(WALLET_IN_KINDS)})), 0)::text as in_lamports,
          coalesce(sum(l.amount) filter (where l.kind in (${list(OUT_KINDS)})), 0)::text as out_lamports
        from ledger l
        where l.status = 'confirmed' and l.id in (${walletRows(wallet)})`);
      const row = result.rows[0];
      return { inLamports: toLamports(row?.in_lamports ?? '0'), outLamports: toLamports(row?.out_lamports ?? '0') };
    },
  };
}
