CREATE INDEX "tournament_matches_session_id_idx" ON "tournament_matches" USING btree ("session_id") WHERE "tournament_matches"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "games_cancelled_stakes_idx" ON "games" USING btree ("player1_wallet","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "games"."player2_character" is null and "games"."payout_state" in ('refund_due', 'refunded');--> statement-breakpoint
CREATE INDEX "ledger_wallet_idx" ON "ledger" USING btree ("wallet");--> statement-breakpoint
CREATE INDEX "ledger_prizes_settled_idx" ON "ledger" USING btree ("updated_at") WHERE "ledger"."kind" = 'prize' and "ledger"."status" = 'confirmed';
--> statement-breakpoint
-- Tournament prizes count in earnings, profit and the biggest win from now on (a prize settling
-- adds to its player's stats in the same transaction, adapters/db/prize-stats.ts): the prizes
-- already paid are added once here.
UPDATE "user_stats" AS s
SET "total_earnings" = s."total_earnings" + p.total,
    "total_profit" = s."total_profit" + p.total,
    "biggest_win" = greatest(s."biggest_win", p.best),
    "updated_at" = now()
FROM (
  SELECT u."id" AS user_id, sum(l."amount")::bigint AS total, max(l."amount") AS best
  FROM "ledger" l JOIN "users" u ON u."wallet_address" = l."wallet"
  WHERE l."kind" = 'prize' AND l."status" = 'confirmed'
  GROUP BY u."id"
) AS p
WHERE s."user_id" = p.user_id;
