CREATE TABLE "content_library_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	"hard_version" bigint NOT NULL,
	CONSTRAINT "content_library_epoch_one_row" CHECK ("content_library_epoch"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "content_categories" ADD COLUMN "version" bigint DEFAULT nextval('content_library_version') NOT NULL;--> statement-breakpoint
INSERT INTO "content_library_epoch" ("id", "version", "hard_version") VALUES (1, nextval('content_library_version'), 0);