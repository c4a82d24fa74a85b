CREATE TABLE "nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone,
	"next_test_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"refresh_family_id" uuid
);
--> statement-breakpoint
ALTER TABLE "speedtests" ADD COLUMN "node_id" uuid;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_refresh_family_id_refresh_families_id_fk" FOREIGN KEY ("refresh_family_id") REFERENCES "public"."refresh_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nodes_user_live_idx" ON "nodes" USING btree ("user_id","created_at") WHERE "nodes"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_refresh_family_unique" ON "nodes" USING btree ("refresh_family_id");--> statement-breakpoint
ALTER TABLE "speedtests" ADD CONSTRAINT "speedtests_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speedtests_node_completed_idx" ON "speedtests" USING btree ("node_id","completed_at" DESC NULLS FIRST);