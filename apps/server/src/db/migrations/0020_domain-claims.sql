DROP INDEX "domains_domain_key";--> statement-breakpoint
CREATE UNIQUE INDEX "domains_domain_owner_key" ON "domains" USING btree ("domain","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_verified_domain_key" ON "domains" USING btree ("domain") WHERE "domains"."verified_at" is not null;