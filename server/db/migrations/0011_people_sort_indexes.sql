DROP INDEX "users_type_created_idx";--> statement-breakpoint
DROP INDEX "users_type_name_idx";--> statement-breakpoint
CREATE INDEX "users_type_email_idx" ON "users" USING btree ("user_type","email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_type_login_idx" ON "users" USING btree ("user_type","last_login_at") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_type_login_desc_idx" ON "users" USING btree ("user_type","last_login_at" DESC NULLS LAST) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_type_active_idx" ON "users" USING btree ("user_type","is_active") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type","created_at") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_type_name_idx" ON "users" USING btree ("user_type","full_name") WHERE "users"."deleted_at" is null;