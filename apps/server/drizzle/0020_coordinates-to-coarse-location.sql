-- The coordinates leave the speed tests (docs/decisions/041): each test's place becomes its H3 cell and country, which takes JavaScript (H3, the boundaries), so the coordinates wait in a holding table that db/coordinate-conversion.ts converts, chunk by chunk, right after the migrations, and then drops. The copy and the columns' drop commit together.
CREATE TABLE "speedtest_coordinates_to_convert" (
	"speedtest_id" uuid PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);--> statement-breakpoint
INSERT INTO "speedtest_coordinates_to_convert" ("speedtest_id", "latitude", "longitude")
	SELECT "id", "latitude", "longitude" FROM "speedtests"
	WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "speedtests" DROP COLUMN "latitude";--> statement-breakpoint
ALTER TABLE "speedtests" DROP COLUMN "longitude";
