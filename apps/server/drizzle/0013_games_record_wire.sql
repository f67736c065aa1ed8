-- A game's record as one JSON array, kept by PostgreSQL in the row itself (a stored generated
-- column, recomputed on every insert and update of the game, a claim or a refund included), so a
-- wallet's history reads one text per game instead of 22 fields (docs/wallet-history.md). The
-- order of the array is the order of the arguments; adapters/db/wallet-history.ts reads it back.
-- IMMUTABLE, as a generated column requires: json_build_array is only STABLE because some types'
-- text forms follow settings (dates, floats); none of these does (text, integers, booleans, uuid,
-- jsonb, and the creation time as whole milliseconds since 1970). plpgsql, not sql: a non-inlined
-- sql function is planned again by every statement that calls it, plpgsql once per session.
CREATE FUNCTION "game_record_wire"("created_at" timestamptz, "session_id" text, "player1_id" uuid, "player2_id" uuid,
  "player1_wallet" text, "player2_wallet" text, "player1_name" text, "player2_name" text, "player1_character" integer,
  "player2_character" integer, "bet_amount" text, "stake_lamports" bigint, "winner" text, "game_over" boolean, "end_reason" text,
  "current_round" integer, "reward_claimed" boolean, "is_bot" boolean, "fairness_commitment" text, "server_seed" text,
  "client_seeds" jsonb, "payout_state" text)
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  -- The lamports as a string: a JSON number would lose them past 2^53.
  RETURN json_build_array(floor(extract(epoch FROM "created_at") * 1000)::bigint, "session_id", "player1_id", "player2_id",
    "player1_wallet", "player2_wallet", "player1_name", "player2_name", "player1_character", "player2_character", "bet_amount",
    "stake_lamports"::text, "winner", "game_over", "end_reason", "current_round", "reward_claimed", "is_bot",
    "fairness_commitment", "server_seed", "client_seeds", "payout_state")::text;
END $$;
--> statement-breakpoint
-- Rewrites the table once (every existing game gets its text).
ALTER TABLE "games" ADD COLUMN "record_wire" text GENERATED ALWAYS AS (game_record_wire("created_at", "session_id", "player1_id", "player2_id", "player1_wallet", "player2_wallet", "player1_name", "player2_name", "player1_character", "player2_character", "bet_amount", "stake_lamports", "winner", "game_over", "end_reason", "current_round", "reward_claimed", "is_bot", "fairness_commitment", "server_seed", "client_seeds", "payout_state")) STORED NOT NULL;
