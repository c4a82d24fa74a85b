CREATE TABLE "explorer_cells" (
	"period" text NOT NULL,
	"resolution" smallint NOT NULL,
	"cell" text NOT NULL,
	"tests" integer NOT NULL,
	"nodes" integer NOT NULL,
	"accounts" integer NOT NULL,
	"download_p25" double precision,
	"download_median" double precision,
	"download_p75" double precision,
	"upload_p25" double precision,
	"upload_median" double precision,
	"upload_p75" double precision,
	"latency_p25" double precision,
	"latency_median" double precision,
	"latency_p75" double precision,
	CONSTRAINT "explorer_cells_period_resolution_cell_pk" PRIMARY KEY("period","resolution","cell")
);
--> statement-breakpoint
CREATE TABLE "explorer_countries" (
	"period" text NOT NULL,
	"country" text NOT NULL,
	"tests" integer NOT NULL,
	"nodes" integer NOT NULL,
	"accounts" integer NOT NULL,
	"download_p25" double precision,
	"download_median" double precision,
	"download_p75" double precision,
	"upload_p25" double precision,
	"upload_median" double precision,
	"upload_p75" double precision,
	"latency_p25" double precision,
	"latency_median" double precision,
	"latency_p75" double precision,
	CONSTRAINT "explorer_countries_period_country_pk" PRIMARY KEY("period","country")
);
--> statement-breakpoint
CREATE TABLE "explorer_periods" (
	"period" text PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"tests" integer NOT NULL,
	"nodes" integer NOT NULL,
	"accounts" integer NOT NULL,
	"download_p25" double precision,
	"download_median" double precision,
	"download_p75" double precision,
	"upload_p25" double precision,
	"upload_median" double precision,
	"upload_p75" double precision,
	"latency_p25" double precision,
	"latency_median" double precision,
	"latency_p75" double precision
);
