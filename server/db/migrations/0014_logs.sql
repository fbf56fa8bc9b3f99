CREATE TABLE "app_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"level" smallint NOT NULL,
	"message" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"fingerprint" text
);
--> statement-breakpoint
CREATE TABLE "error_groups" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"top_frame" text,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"latest_stack" text,
	"latest_request_id" text
);
--> statement-breakpoint
CREATE TABLE "request_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"route" text,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"duration_ms" real NOT NULL,
	"user_id" uuid,
	"request_id" text NOT NULL,
	"client_address" text,
	"error_fingerprint" text
);
--> statement-breakpoint
CREATE INDEX "app_logs_at_idx" ON "app_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "app_logs_level_at_idx" ON "app_logs" USING btree ("level","at");--> statement-breakpoint
CREATE INDEX "app_logs_request_id_idx" ON "app_logs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "error_groups_last_seen_idx" ON "error_groups" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "request_logs_at_idx" ON "request_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "request_logs_request_id_idx" ON "request_logs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_logs_status_at_idx" ON "request_logs" USING btree ("status","at");--> statement-breakpoint
CREATE INDEX "request_logs_route_at_idx" ON "request_logs" USING btree ("route","at");--> statement-breakpoint
CREATE INDEX "request_logs_user_at_idx" ON "request_logs" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "request_logs_error_idx" ON "request_logs" USING btree ("error_fingerprint","at") WHERE "request_logs"."error_fingerprint" is not null;