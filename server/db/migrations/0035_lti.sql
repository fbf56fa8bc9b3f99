-- LTI 1.3 (issue 34, decision 074): the tool's signing keys, the platforms registered by institutes or the admin,
-- launches on their way (state and nonce, used once) and the accounts platforms' user ids are.
CREATE TABLE "lti_tool_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "lti_tool_keys_current_unique" ON "lti_tool_keys" ((true)) WHERE "retired_at" is null;--> statement-breakpoint
CREATE TABLE "lti_platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" text[] NOT NULL,
	"login_url" text NOT NULL,
	"token_url" text NOT NULL,
	"keyset_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platforms_client_unique" ON "lti_platforms" ("issuer", "client_id");--> statement-breakpoint
CREATE INDEX "lti_platforms_owner_idx" ON "lti_platforms" ("owner_id");--> statement-breakpoint
CREATE TABLE "lti_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL REFERENCES "lti_platforms"("id") ON DELETE cascade,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "lti_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL REFERENCES "lti_platforms"("id") ON DELETE cascade,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "lti_identities_subject_unique" ON "lti_identities" ("platform_id", "subject");--> statement-breakpoint
CREATE INDEX "lti_identities_user_idx" ON "lti_identities" ("user_id");
