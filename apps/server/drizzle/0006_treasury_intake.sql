CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_kind_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer" text;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_kind_check" CHECK ("ledger"."kind" in ('stake_in', 'payout', 'refund', 'purchase_in', 'fee', 'top_up', 'entry_in', 'prize', 'refused_in', 'excess_in', 'donation', 'give_back'));--> statement-breakpoint
-- Before this migration only the requesting wallet could pay: it is the payer of every credited payment.
UPDATE "payments" SET "payer" = "wallet" WHERE "signature" IS NOT NULL;--> statement-breakpoint
-- Lamports of refused transfers were kept as deposits for an operator: they are owed back, and now given back automatically.
UPDATE "ledger" SET "kind" = 'refused_in', "idempotency_key" = 'refused_in:' || "signature" WHERE "kind" = 'top_up' AND "idempotency_key" LIKE 'deposit:%' AND "signature" IS NOT NULL;
