ALTER TABLE "embed_sites" ADD COLUMN "anonymous_share_percent" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "embed_sites" ADD CONSTRAINT "embed_sites_anonymous_share_check" CHECK ("embed_sites"."anonymous_share_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "visitor_questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "conversations" SET "visitor_questions" = (SELECT count(*) FROM "conversation_messages" m WHERE m."conversation_id" = "conversations"."id" AND m."role" = 'user') WHERE "conversations"."user_id" IS NULL;--> statement-breakpoint
CREATE TABLE "embed_visitor_counts" (
	"site_owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"holder" text NOT NULL,
	"day" date NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "embed_visitor_counts_site_owner_id_kind_holder_day_pk" PRIMARY KEY("site_owner_id","kind","holder","day"),
	CONSTRAINT "embed_visitor_counts_kind_check" CHECK ("embed_visitor_counts"."kind" in ('visitor', 'address'))
);
--> statement-breakpoint
ALTER TABLE "embed_visitor_counts" ADD CONSTRAINT "embed_visitor_counts_site_owner_id_users_id_fk" FOREIGN KEY ("site_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embed_visitor_counts_day_idx" ON "embed_visitor_counts" USING btree ("day");
