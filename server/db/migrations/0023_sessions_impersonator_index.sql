CREATE INDEX "sessions_impersonator_idx" ON "sessions" USING btree ("impersonator_id") WHERE "sessions"."impersonator_id" is not null;
