ALTER TABLE "live_captures" ADD COLUMN "assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "live_captures" ADD COLUMN "received_seconds" double precision;--> statement-breakpoint
ALTER TABLE "live_captures" ADD CONSTRAINT "live_captures_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_captures_unsaved_idx" ON "live_captures" USING btree ("created_at") WHERE "live_captures"."recording_id" is null;
