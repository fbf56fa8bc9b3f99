CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_fiscal_year_pk" PRIMARY KEY("series","fiscal_year")
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "buyer_tax" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "gst" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credits_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_unique" ON "invoices" USING btree ("credits_invoice_id");
