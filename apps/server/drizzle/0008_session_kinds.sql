ALTER TABLE "refresh_families" ADD COLUMN "kind" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
-- The sessions extension nodes opened before sessions had a kind are theirs: node (docs/decisions/026).
UPDATE "refresh_families" SET "kind" = 'node' WHERE "id" IN (SELECT "refresh_family_id" FROM "nodes" WHERE "refresh_family_id" IS NOT NULL);
