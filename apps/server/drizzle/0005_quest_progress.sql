CREATE TABLE "quest_progress" (
	"user_id" integer NOT NULL,
	"quest" text NOT NULL,
	"started" boolean DEFAULT false NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"timer_ends_at" timestamp with time zone,
	CONSTRAINT "quest_progress_user_id_quest_pk" PRIMARY KEY("user_id","quest")
);
--> statement-breakpoint
ALTER TABLE "quest_progress" ADD CONSTRAINT "quest_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every user's quest state moves over before the columns go: a row for each quest where anything is set, none where all is at its default.
INSERT INTO "quest_progress" ("user_id", "quest", "started", "done", "claimed", "timer_ends_at")
SELECT "users"."id", "quest"."name", "quest"."started", "quest"."done", "quest"."claimed", "quest"."timer_ends_at"
FROM "users" CROSS JOIN LATERAL (VALUES
	('xConnect', "users"."is_x_connected", "users"."is_x_verified", "users"."is_twitter_connect_claimed", NULL::timestamptz),
	('xFollow', false, "users"."is_x_joined", "users"."is_twitter_join_claimed", NULL),
	('xFounderFollow', false, "users"."is_x_founder_followed", "users"."is_x_founder_follow_claimed", NULL),
	('xRetweet', false, "users"."is_x_rt_vl", "users"."is_x_rt_vl_claimed", NULL),
	('xName', false, "users"."is_x_name_verified", "users"."is_x_name_claimed", "users"."x_name_verify_time"),
	('discordConnect', "users"."is_discord_verified", "users"."is_discord_connected", "users"."is_discord_connect_claimed", NULL),
	('discordJoin', false, "users"."is_discord_joined", "users"."is_discord_join_claimed", NULL),
	('discordName', false, "users"."is_discord_name_verified", "users"."is_discord_name_claimed", "users"."discord_name_verify_time"),
	('telegramConnect', false, "users"."is_telegram_connected", "users"."is_telegram_connect_claimed", NULL),
	('telegramJoin', false, "users"."is_telegram_joined", "users"."is_telegram_join_claimed", NULL),
	('telegramName', false, "users"."is_telegram_name_verified", "users"."is_telegram_name_claimed", "users"."telegram_name_verify_time"),
	('youtubeSubscribe', "users"."is_youtube_verifying" = 'true', "users"."is_youtube_verifying" = 'verified', "users"."is_youtube_subscribe_claimed", NULL),
	('dailyStreak', false, "users"."daily_streak_quest_completed", "users"."daily_streak_quest_completed", NULL)
) AS "quest" ("name", "started", "done", "claimed", "timer_ends_at")
WHERE "quest"."started" OR "quest"."done" OR "quest"."claimed" OR "quest"."timer_ends_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "daily_streak_quest_completed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_discord_verified";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_discord_connected";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_discord_joined";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_discord_connect_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_discord_join_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_connected";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_verified";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_joined";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_twitter_connect_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_twitter_join_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_founder_followed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_founder_follow_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_rt_vl";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_rt_vl_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_telegram_connected";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_telegram_joined";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_telegram_connect_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_telegram_join_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_youtube_verifying";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_youtube_subscribe_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_name_verified";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_x_name_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_discord_name_verified";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_discord_name_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_telegram_name_verified";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_telegram_name_claimed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "x_name_verify_time";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "discord_name_verify_time";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "telegram_name_verify_time";