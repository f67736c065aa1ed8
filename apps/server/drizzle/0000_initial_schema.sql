CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"wallet_address" text NOT NULL,
	"message" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"player1_id" uuid,
	"player2_id" uuid,
	"player1_wallet" text,
	"player2_wallet" text,
	"player1_name" text,
	"player2_name" text,
	"player1_character" integer NOT NULL,
	"player2_character" integer,
	"bet_amount" text NOT NULL,
	"stake_lamports" bigint DEFAULT 0 NOT NULL,
	"winner" text,
	"game_over" boolean DEFAULT false NOT NULL,
	"current_round" integer DEFAULT 0 NOT NULL,
	"reward_claimed" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"rounds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fairness_commitment" text,
	"server_seed" text,
	"payout_state" text DEFAULT 'none' NOT NULL,
	CONSTRAINT "games_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"wallet" text NOT NULL,
	"game_id" uuid,
	"payment_id" uuid,
	"signature" text,
	"signed_tx" text,
	"last_valid_block_height" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_signature_unique" UNIQUE("signature"),
	CONSTRAINT "ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_kind_check" CHECK ("ledger"."kind" in ('stake_in', 'payout', 'refund', 'purchase_in', 'fee', 'top_up')),
	CONSTRAINT "ledger_status_check" CHECK ("ledger"."status" in ('pending', 'sent', 'confirmed', 'failed')),
	CONSTRAINT "ledger_amount_check" CHECK ("ledger"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "character_ownership" (
	"user_id" uuid NOT NULL,
	"character_id" integer NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_id" uuid,
	CONSTRAINT "character_ownership_pkey" PRIMARY KEY("user_id","character_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_supply" (
	"character_id" integer PRIMARY KEY NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_supply_purchased_check" CHECK ("marketplace_supply"."purchased" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"wallet" text NOT NULL,
	"expected_lamports" bigint NOT NULL,
	"reference" text NOT NULL,
	"signature" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"game_session_id" text,
	"character_id" integer,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_signature_unique" UNIQUE("signature"),
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('stake', 'purchase')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'verified', 'refund_due', 'refunded', 'expired')),
	CONSTRAINT "payments_expected_lamports_check" CHECK ("payments"."expected_lamports" > 0)
);
--> statement-breakpoint
CREATE TABLE "tournament_participants" (
	"tournament_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_participants_pkey" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"entry_fee" text DEFAULT 'Free' NOT NULL,
	"entry_fee_lamports" bigint DEFAULT 0 NOT NULL,
	"max_participants" integer DEFAULT 8 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"format" text DEFAULT 'single-elimination' NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"prizes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creator_id" uuid,
	"winner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_tournament_id_unique" UNIQUE("tournament_id"),
	CONSTRAINT "tournaments_max_participants_check" CHECK ("tournaments"."max_participants" in (4, 8, 16, 32)),
	CONSTRAINT "tournaments_format_check" CHECK ("tournaments"."format" in ('single-elimination', 'double-elimination', 'round-robin'))
);
--> statement-breakpoint
CREATE TABLE "user_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total_matches" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"draws" integer DEFAULT 0 NOT NULL,
	"total_earnings" bigint DEFAULT 0 NOT NULL,
	"total_losses" bigint DEFAULT 0 NOT NULL,
	"biggest_win" bigint DEFAULT 0 NOT NULL,
	"biggest_loss" bigint DEFAULT 0 NOT NULL,
	"total_profit" bigint DEFAULT 0 NOT NULL,
	"longest_win_streak" integer DEFAULT 0 NOT NULL,
	"current_win_streak" integer DEFAULT 0 NOT NULL,
	"favorite_character" integer,
	"character_plays" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_rounds_played" integer DEFAULT 0 NOT NULL,
	"free_games_played" integer DEFAULT 0 NOT NULL,
	"paid_games_played" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"username" text NOT NULL,
	"display_name" text,
	"character_id" integer DEFAULT 7 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"experience" integer DEFAULT 0 NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" uuid,
	"total_referrals" integer DEFAULT 0 NOT NULL,
	"preferences" jsonb DEFAULT '{"soundEnabled":true,"animationsEnabled":true,"publicProfile":true,"autoReconnect":true,"gameNotifications":true}'::jsonb NOT NULL,
	"achievements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wallet_type" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_wallet_address_unique" UNIQUE("wallet_address"),
	CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_player1_id_users_id_fk" FOREIGN KEY ("player1_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_player2_id_users_id_fk" FOREIGN KEY ("player2_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_ownership" ADD CONSTRAINT "character_ownership_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_ownership" ADD CONSTRAINT "character_ownership_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_nonces_expires_at_idx" ON "sign_in_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "games_player1_wallet_created_at_idx" ON "games" USING btree ("player1_wallet","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_player2_wallet_created_at_idx" ON "games" USING btree ("player2_wallet","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_created_at_idx" ON "games" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "games_running_idx" ON "games" USING btree ("created_at") WHERE "games"."game_over" = false;--> statement-breakpoint
CREATE INDEX "ledger_game_id_idx" ON "ledger" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "ledger_payment_id_idx" ON "ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_unsettled_idx" ON "ledger" USING btree ("created_at") WHERE "ledger"."status" in ('pending', 'sent');--> statement-breakpoint
CREATE INDEX "payments_wallet_created_at_idx" ON "payments" USING btree ("wallet","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_game_session_id_idx" ON "payments" USING btree ("game_session_id");--> statement-breakpoint
CREATE INDEX "tournament_participants_user_id_idx" ON "tournament_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournaments_status_start_date_idx" ON "tournaments" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "tournaments_creator_id_idx" ON "tournaments" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "user_stats_total_profit_idx" ON "user_stats" USING btree ("total_profit" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");