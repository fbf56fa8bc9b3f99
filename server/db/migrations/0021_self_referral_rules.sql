ALTER TABLE "referrals" ADD COLUMN "refused_reason" text;
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "refused_reason" text;
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "payer_keys" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
CREATE TABLE "partner_browsers" (
	"partner_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_browsers_partner_id_visitor_id_pk" PRIMARY KEY("partner_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "partner_browsers" ADD CONSTRAINT "partner_browsers_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "referral_clicks_visitor_idx" ON "referral_clicks" USING btree ("link_id","visitor_hash","at");
