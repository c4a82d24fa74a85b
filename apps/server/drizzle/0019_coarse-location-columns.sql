ALTER TABLE "speedtests" ADD COLUMN "location_cell" text;--> statement-breakpoint
ALTER TABLE "speedtests" ADD COLUMN "country" text;