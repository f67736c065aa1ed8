CREATE TABLE "leaderboard_totals" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_game_counts" (
	"wallet" text PRIMARY KEY NOT NULL,
	"games" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counters of adapters/db/tables/counters.ts, kept by triggers so that every write of games
-- and user_stats keeps them, whichever store or script makes it (docs/leaderboard-counters.md).
-- No write may slip between the backfill below and the triggers taking over: both tables are
-- locked against writes until this migration commits.
LOCK TABLE "games", "user_stats" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- The wallets whose history lists a game, once per side it is listed for: player1 for a game
-- that found an opponent or a stake cancelled for its refund, player2 for a game that found an
-- opponent (the three conditions game-records-store.ts reads the history with).
CREATE FUNCTION "listed_wallets"("player1_wallet" text, "player2_wallet" text, "player2_character" integer, "payout_state" text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT $1 WHERE $1 IS NOT NULL AND ($3 IS NOT NULL OR $4 IN ('refund_due', 'refunded'))
  UNION ALL
  SELECT $2 WHERE $2 IS NOT NULL AND $3 IS NOT NULL
$$;
--> statement-breakpoint
-- Recounts everything from the tables: the backfill below, a TRUNCATE, and a bulk load that ran
-- without triggers (bench/api/seed.ts).
CREATE FUNCTION "recount_counters"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "leaderboard_totals" ("name", "value")
  VALUES ('matches', (SELECT count(*) FROM "games" WHERE "game_over")),
         ('fighters', (SELECT count(*) FROM "user_stats" WHERE "total_matches" > 0 OR "total_earnings" > 0))
  ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value";
  DELETE FROM "wallet_game_counts";
  INSERT INTO "wallet_game_counts" ("wallet", "games")
  SELECT "wallet", count(*)::int FROM (
    SELECT "player1_wallet" AS "wallet" FROM "games"
    WHERE "player1_wallet" IS NOT NULL AND ("player2_character" IS NOT NULL OR "payout_state" IN ('refund_due', 'refunded'))
    UNION ALL
    SELECT "player2_wallet" FROM "games" WHERE "player2_wallet" IS NOT NULL AND "player2_character" IS NOT NULL
  ) AS "sides" GROUP BY "wallet";
$$;
--> statement-breakpoint
-- Inserted or deleted games (statement level, so a bulk insert updates each counter once).
-- Wallets are updated in their order, so two transactions never wait on each other in a cycle.
CREATE FUNCTION "count_games_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leaderboard_totals" SET "value" = "value" + c.n
  FROM (SELECT count(*) AS n FROM "changed_games" WHERE "game_over") AS c WHERE "name" = 'matches' AND c.n <> 0;
  INSERT INTO "wallet_game_counts" AS w ("wallet", "games")
  SELECT l.wallet, count(*)::int FROM "changed_games" AS g,
    LATERAL "listed_wallets"(g."player1_wallet", g."player2_wallet", g."player2_character", g."payout_state") AS l(wallet)
  GROUP BY l.wallet ORDER BY l.wallet
  ON CONFLICT ("wallet") DO UPDATE SET "games" = w."games" + excluded."games";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_games_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leaderboard_totals" SET "value" = "value" - c.n
  FROM (SELECT count(*) AS n FROM "changed_games" WHERE "game_over") AS c WHERE "name" = 'matches' AND c.n <> 0;
  UPDATE "wallet_game_counts" AS w SET "games" = w."games" - d.n
  FROM (
    SELECT l.wallet, count(*)::int AS n FROM "changed_games" AS g,
      LATERAL "listed_wallets"(g."player1_wallet", g."player2_wallet", g."player2_character", g."payout_state") AS l(wallet)
    GROUP BY l.wallet ORDER BY l.wallet
  ) AS d WHERE w."wallet" = d.wallet;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An updated game (row level, fired only when a counted column changed: a game ending, its second
-- seat taken, its stake given back).
CREATE FUNCTION "count_game_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."game_over" IS DISTINCT FROM NEW."game_over" THEN
    UPDATE "leaderboard_totals" SET "value" = "value" + CASE WHEN NEW."game_over" THEN 1 ELSE -1 END WHERE "name" = 'matches';
  END IF;
  INSERT INTO "wallet_game_counts" AS w ("wallet", "games")
  SELECT d.wallet, sum(d.n)::int FROM (
    SELECT l.wallet, 1 AS n FROM "listed_wallets"(NEW."player1_wallet", NEW."player2_wallet", NEW."player2_character", NEW."payout_state") AS l(wallet)
    UNION ALL
    SELECT l.wallet, -1 FROM "listed_wallets"(OLD."player1_wallet", OLD."player2_wallet", OLD."player2_character", OLD."payout_state") AS l(wallet)
  ) AS d GROUP BY d.wallet HAVING sum(d.n) <> 0 ORDER BY d.wallet
  ON CONFLICT ("wallet") DO UPDATE SET "games" = w."games" + excluded."games";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A fighter (leaderboard-store.ts): played a match, or was paid a prize.
CREATE FUNCTION "count_fighters_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leaderboard_totals" SET "value" = "value" + c.n
  FROM (SELECT count(*) AS n FROM "changed_stats" WHERE "total_matches" > 0 OR "total_earnings" > 0) AS c WHERE "name" = 'fighters' AND c.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_fighters_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leaderboard_totals" SET "value" = "value" - c.n
  FROM (SELECT count(*) AS n FROM "changed_stats" WHERE "total_matches" > 0 OR "total_earnings" > 0) AS c WHERE "name" = 'fighters' AND c.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_fighter_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "leaderboard_totals" SET "value" = "value" + CASE WHEN NEW."total_matches" > 0 OR NEW."total_earnings" > 0 THEN 1 ELSE -1 END WHERE "name" = 'fighters';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "recount_counters_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "recount_counters"();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "games_counted_on_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS "changed_games" FOR EACH STATEMENT EXECUTE FUNCTION "count_games_inserted"();
--> statement-breakpoint
CREATE TRIGGER "games_counted_on_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS "changed_games" FOR EACH STATEMENT EXECUTE FUNCTION "count_games_deleted"();
--> statement-breakpoint
CREATE TRIGGER "games_counted_on_update" AFTER UPDATE ON "games" FOR EACH ROW
WHEN (OLD."game_over" IS DISTINCT FROM NEW."game_over" OR OLD."player2_character" IS DISTINCT FROM NEW."player2_character"
  OR OLD."payout_state" IS DISTINCT FROM NEW."payout_state" OR OLD."player1_wallet" IS DISTINCT FROM NEW."player1_wallet"
  OR OLD."player2_wallet" IS DISTINCT FROM NEW."player2_wallet")
EXECUTE FUNCTION "count_game_updated"();
--> statement-breakpoint
CREATE TRIGGER "games_recounted_on_truncate" AFTER TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "recount_counters_trigger"();
--> statement-breakpoint
CREATE TRIGGER "user_stats_counted_on_insert" AFTER INSERT ON "user_stats" REFERENCING NEW TABLE AS "changed_stats" FOR EACH STATEMENT EXECUTE FUNCTION "count_fighters_inserted"();
--> statement-breakpoint
CREATE TRIGGER "user_stats_counted_on_delete" AFTER DELETE ON "user_stats" REFERENCING OLD TABLE AS "changed_stats" FOR EACH STATEMENT EXECUTE FUNCTION "count_fighters_deleted"();
--> statement-breakpoint
CREATE TRIGGER "user_stats_counted_on_update" AFTER UPDATE ON "user_stats" FOR EACH ROW
WHEN ((OLD."total_matches" > 0 OR OLD."total_earnings" > 0) IS DISTINCT FROM (NEW."total_matches" > 0 OR NEW."total_earnings" > 0))
EXECUTE FUNCTION "count_fighter_updated"();
--> statement-breakpoint
CREATE TRIGGER "user_stats_recounted_on_truncate" AFTER TRUNCATE ON "user_stats" FOR EACH STATEMENT EXECUTE FUNCTION "recount_counters_trigger"();
--> statement-breakpoint
SELECT "recount_counters"();
