ALTER TABLE "ledger" DROP CONSTRAINT "ledger_kind_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "tournament_placings" ADD COLUMN "prize_lamports" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "tournament_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tournament_id" uuid;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "prize_pool_lamports" bigint;--> statement-breakpoint
CREATE INDEX "payments_tournament_id_idx" ON "payments" USING btree ("tournament_id") WHERE "payments"."tournament_id" is not null;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_kind_check" CHECK ("ledger"."kind" in ('stake_in', 'payout', 'refund', 'purchase_in', 'fee', 'top_up', 'entry_in', 'prize'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('stake', 'purchase', 'tournament_entry'));