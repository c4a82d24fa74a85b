DROP INDEX "point_transactions_user_season_time_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ledger_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credited_tests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "point_transactions_user_season_time_id_idx" ON "point_transactions" USING btree ("user_id","season_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Counters of the rows that existed before them: from here on every credit and completion keeps them.
UPDATE "users" SET "ledger_rows" = (SELECT count(*) FROM "point_transactions" WHERE "point_transactions"."user_id" = "users"."id"), "credited_tests" = (SELECT count(*) FROM "speedtests" WHERE "speedtests"."user_id" = "users"."id" AND "speedtests"."completed_at" IS NOT NULL);
