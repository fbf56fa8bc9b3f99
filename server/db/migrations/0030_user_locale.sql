ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT '' NOT NULL;
