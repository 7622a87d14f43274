CREATE TABLE "panel_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_texts_key" CHECK (key in ('manual', 'server_rules', 'responsibilities'))
);
