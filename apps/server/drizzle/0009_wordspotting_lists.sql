CREATE TABLE "wordspotting_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"group_id" uuid,
	"user_id" uuid,
	"algorithm" text NOT NULL,
	"words" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wordspotting_lists_scope_uq" UNIQUE NULLS NOT DISTINCT("org_id","scope","group_id","user_id","algorithm")
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "wordspotting" jsonb;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "reanalysis_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wordspotting_lists" ADD CONSTRAINT "wordspotting_lists_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wordspotting_lists" ADD CONSTRAINT "wordspotting_lists_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wordspotting_lists" ADD CONSTRAINT "wordspotting_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wordspotting_lists" ADD CONSTRAINT "wordspotting_lists_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Recordings analysed before lists existed counted the default list ("uh/um" only).
UPDATE "recordings" SET "wordspotting" = '{"source":"default","name":null,"words":["uh/um"]}'::jsonb WHERE "wordspotting" IS NULL AND "status" = 'done';
