-- Single sign-on (issue 34, decision 073): OpenID Connect issuers, the domains institutes claim, the identities
-- they vouch for, sign-ins on their way (state, PKCE verifier, nonce kept here) and the one-use tickets that end them.
CREATE TABLE "sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"institute_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sso_providers_platform_kind_unique" ON "sso_providers" ("kind") WHERE "institute_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_providers_institute_unique" ON "sso_providers" ("institute_id") WHERE "institute_id" is not null;--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL REFERENCES "sso_providers"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_subject_unique" ON "sso_identities" ("issuer", "subject");--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" ("user_id");--> statement-breakpoint
CREATE TABLE "sso_attempts" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL REFERENCES "sso_providers"("id") ON DELETE cascade,
	"browser_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "sso_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
