CREATE TABLE "bracket_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bracket_match_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" integer NOT NULL,
	"opponent1" jsonb,
	"opponent2" jsonb
);
--> statement-breakpoint
CREATE TABLE "bracket_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"number" integer NOT NULL,
	"child_count" integer DEFAULT 0 NOT NULL,
	"status" integer NOT NULL,
	"opponent1" jsonb,
	"opponent2" jsonb
);
--> statement-breakpoint
CREATE TABLE "bracket_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bracket_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bracket_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"match_id" integer NOT NULL,
	"player1_id" uuid NOT NULL,
	"player2_id" uuid NOT NULL,
	"invite_code" text NOT NULL,
	"deadline" timestamp with time zone,
	"state" text DEFAULT 'open' NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "tournament_matches_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "tournament_matches_state_check" CHECK ("tournament_matches"."state" in ('open', 'played', 'forfeit', 'draw', 'void'))
);
--> statement-breakpoint
CREATE TABLE "tournament_placings" (
	"tournament_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "tournament_placings_pkey" PRIMARY KEY("tournament_id","place"),
	CONSTRAINT "tournament_placings_place_check" CHECK ("tournament_placings"."place" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "bracket_groups" ADD CONSTRAINT "bracket_groups_stage_id_bracket_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."bracket_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_match_games" ADD CONSTRAINT "bracket_match_games_stage_id_bracket_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."bracket_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_match_games" ADD CONSTRAINT "bracket_match_games_parent_id_bracket_matches_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."bracket_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_matches" ADD CONSTRAINT "bracket_matches_stage_id_bracket_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."bracket_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_matches" ADD CONSTRAINT "bracket_matches_group_id_bracket_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bracket_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_matches" ADD CONSTRAINT "bracket_matches_round_id_bracket_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."bracket_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_participants" ADD CONSTRAINT "bracket_participants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_rounds" ADD CONSTRAINT "bracket_rounds_stage_id_bracket_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."bracket_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_rounds" ADD CONSTRAINT "bracket_rounds_group_id_bracket_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bracket_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bracket_stages" ADD CONSTRAINT "bracket_stages_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_match_id_bracket_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."bracket_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_player1_id_users_id_fk" FOREIGN KEY ("player1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_player2_id_users_id_fk" FOREIGN KEY ("player2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_placings" ADD CONSTRAINT "tournament_placings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_placings" ADD CONSTRAINT "tournament_placings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bracket_groups_stage_id_idx" ON "bracket_groups" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "bracket_match_games_stage_id_idx" ON "bracket_match_games" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "bracket_match_games_parent_id_idx" ON "bracket_match_games" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "bracket_matches_stage_id_idx" ON "bracket_matches" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "bracket_matches_group_id_idx" ON "bracket_matches" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bracket_matches_round_id_idx" ON "bracket_matches" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "bracket_participants_tournament_id_idx" ON "bracket_participants" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "bracket_rounds_stage_id_idx" ON "bracket_rounds" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "bracket_rounds_group_id_idx" ON "bracket_rounds" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bracket_stages_tournament_id_idx" ON "bracket_stages" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_matches_open_match_key" ON "tournament_matches" USING btree ("match_id") WHERE "tournament_matches"."state" = 'open';--> statement-breakpoint
CREATE INDEX "tournament_matches_tournament_id_idx" ON "tournament_matches" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "tournament_matches_deadline_idx" ON "tournament_matches" USING btree ("deadline") WHERE "tournament_matches"."state" = 'open';