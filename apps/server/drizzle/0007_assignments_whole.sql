CREATE TABLE "assignment_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"attachment_type" text NOT NULL,
	"url" text,
	"recording_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"user_id" uuid,
	"group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_targets_one_kind" CHECK (("assignment_targets"."user_id" is null) <> ("assignment_targets"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "assignments" ALTER COLUMN "org_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "is_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "is_global" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "sort_order" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "wordspotting" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_attachments" ADD CONSTRAINT "assignment_attachments_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_attachments" ADD CONSTRAINT "assignment_attachments_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_targets" ADD CONSTRAINT "assignment_targets_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_targets" ADD CONSTRAINT "assignment_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_targets" ADD CONSTRAINT "assignment_targets_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_attachments_assignment_idx" ON "assignment_attachments" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_targets_user_uq" ON "assignment_targets" USING btree ("assignment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_targets_group_uq" ON "assignment_targets" USING btree ("assignment_id","group_id");--> statement-breakpoint
CREATE INDEX "assignment_targets_user_idx" ON "assignment_targets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignment_targets_group_idx" ON "assignment_targets" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_template_id_assignments_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_org_template_idx" ON "assignments" USING btree ("org_id","is_template");--> statement-breakpoint
-- Assignments made before targets existed were open to their whole group: they become continuous.
INSERT INTO "assignment_targets" ("assignment_id", "group_id", "created_at")
SELECT "id", "group_id", "created_at" FROM "assignments" WHERE "is_template" = false AND "group_id" IS NOT NULL;
