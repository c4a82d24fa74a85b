CREATE TABLE "point_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"points_earned" integer NOT NULL,
	"details" text NOT NULL,
	"season_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "speedtests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"ip_address" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"download_started_at" timestamp with time zone,
	"download_done_at" timestamp with time zone,
	"download_bytes" bigint,
	"download_elapsed_us" bigint,
	"upload_started_at" timestamp with time zone,
	"upload_done_at" timestamp with time zone,
	"upload_bytes" bigint,
	"upload_elapsed_us" bigint,
	"latency_ms" double precision,
	"latitude" double precision,
	"longitude" double precision,
	"is_ip_slashing" boolean DEFAULT false NOT NULL,
	"is_location_slashing" boolean DEFAULT false NOT NULL,
	"additional_boost" numeric(6, 2),
	"points" integer,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "streak_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_streak_quest_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speedtests" ADD CONSTRAINT "speedtests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_idempotency_key_unique" ON "point_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_transaction_id_unique" ON "point_transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "point_transactions_user_time_idx" ON "point_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "point_transactions_user_season_time_idx" ON "point_transactions" USING btree ("user_id","season_id","created_at");--> statement-breakpoint
CREATE INDEX "speedtests_user_completed_idx" ON "speedtests" USING btree ("user_id","completed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "speedtests_user_opened_idx" ON "speedtests" USING btree ("user_id","opened_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "speedtests_ip_completed_idx" ON "speedtests" USING btree ("ip_address","completed_at");