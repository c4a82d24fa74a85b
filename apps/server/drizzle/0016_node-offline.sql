ALTER TABLE "nodes" ADD COLUMN "offline_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "offline_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "nodes_offline_scan_idx" ON "nodes" USING btree ("last_seen_at") WHERE "nodes"."removed_at" is null and "nodes"."offline_since" is null;