CREATE TABLE "embed_sites" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"origin" text NOT NULL,
	"allow_anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "embed_origin" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "visitor_token_hash" text;--> statement-breakpoint
ALTER TABLE "embed_sites" ADD CONSTRAINT "embed_sites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_holder_check" CHECK ("conversations"."user_id" is not null or "conversations"."visitor_token_hash" is not null);