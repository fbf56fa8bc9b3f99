-- xAPI statements waiting for, or already taken by, the Learning Record Store (issue 35, decision 078). The row's
-- id is the statement's id, made when it was queued, so a statement queued twice or sent again after a lost answer
-- is one statement (LRSs keep the first of an id). Sent rows are deleted after 7 days, parked ones (refused by
-- the LRS with a 4xx) after 30.
CREATE TABLE "xapi_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"statement" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"parked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "xapi_outbox_due_idx" ON "xapi_outbox" USING btree ("next_attempt_at","seq") WHERE "sent_at" IS NULL AND "parked_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "xapi_outbox_sent_idx" ON "xapi_outbox" USING btree ("sent_at") WHERE "sent_at" IS NOT NULL;
--> statement-breakpoint
-- The LRS the admin set at Integrations (one row, id 'platform'); the password is AES-GCM ciphertext bound to the
-- row (server/modules/integrations/crypto.ts).
CREATE TABLE "xapi_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
