DROP INDEX "games_player1_wallet_created_at_idx";--> statement-breakpoint
DROP INDEX "games_player2_wallet_created_at_idx";--> statement-breakpoint
CREATE INDEX "games_player1_history_idx" ON "games" USING btree ("player1_wallet","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "games"."player2_character" is not null;--> statement-breakpoint
CREATE INDEX "games_player2_history_idx" ON "games" USING btree ("player2_wallet","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "games"."player2_character" is not null;