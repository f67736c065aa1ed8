ALTER TABLE "games" ADD COLUMN "live_state" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "owner_node" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "lease_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "lease_expires_at" timestamp with time zone;