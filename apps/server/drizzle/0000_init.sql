CREATE TABLE "email_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"uses_left" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"is_current" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"banned_at" timestamp with time zone,
	"referral_code" text NOT NULL,
	"referred_by_user_id" integer,
	"invite_id" integer,
	"profile_img" text,
	"points" bigint DEFAULT 0 NOT NULL,
	"daily_streaks" integer DEFAULT 0 NOT NULL,
	"last_claimed_at" timestamp with time zone,
	"last_claimed_streak_milestone" integer DEFAULT 0 NOT NULL,
	"last_claimed_referral_milestone" integer DEFAULT 0 NOT NULL,
	"successful_referrals" integer DEFAULT 0 NOT NULL,
	"quest_completed" integer DEFAULT 0 NOT NULL,
	"additional_boost" numeric(6, 2),
	"is_discord_verified" boolean DEFAULT false NOT NULL,
	"is_discord_connected" boolean DEFAULT false NOT NULL,
	"is_discord_joined" boolean DEFAULT false NOT NULL,
	"is_discord_connect_claimed" boolean DEFAULT false NOT NULL,
	"is_discord_join_claimed" boolean DEFAULT false NOT NULL,
	"is_x_connected" boolean DEFAULT false NOT NULL,
	"is_x_verified" boolean DEFAULT false NOT NULL,
	"is_x_joined" boolean DEFAULT false NOT NULL,
	"is_twitter_connect_claimed" boolean DEFAULT false NOT NULL,
	"is_twitter_join_claimed" boolean DEFAULT false NOT NULL,
	"is_x_founder_followed" boolean DEFAULT false NOT NULL,
	"is_x_founder_follow_claimed" boolean DEFAULT false NOT NULL,
	"is_x_rt_vl" boolean DEFAULT false NOT NULL,
	"is_x_rt_vl_claimed" boolean DEFAULT false NOT NULL,
	"is_telegram_connected" boolean DEFAULT false NOT NULL,
	"is_telegram_joined" boolean DEFAULT false NOT NULL,
	"is_telegram_connect_claimed" boolean DEFAULT false NOT NULL,
	"is_telegram_join_claimed" boolean DEFAULT false NOT NULL,
	"is_youtube_verifying" text DEFAULT 'false' NOT NULL,
	"is_youtube_subscribe_claimed" boolean DEFAULT false NOT NULL,
	"is_x_name_verified" boolean DEFAULT false NOT NULL,
	"is_x_name_claimed" boolean DEFAULT false NOT NULL,
	"is_discord_name_verified" boolean DEFAULT false NOT NULL,
	"is_discord_name_claimed" boolean DEFAULT false NOT NULL,
	"is_telegram_name_verified" boolean DEFAULT false NOT NULL,
	"is_telegram_name_claimed" boolean DEFAULT false NOT NULL,
	"x_name_verify_time" timestamp with time zone,
	"discord_name_verify_time" timestamp with time zone,
	"telegram_name_verify_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_families" ADD CONSTRAINT "refresh_families_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_refresh_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."refresh_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_unique" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_code_unique" ON "invites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "refresh_families_user_idx" ON "refresh_families" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_name_unique" ON "seasons" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_current" ON "seasons" USING btree ("is_current") WHERE "seasons"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_user_id","created_at");