ALTER TABLE "lti_platforms" ADD COLUMN "grades_as_drafts" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "lti_grade_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recording_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"resource_link_id" uuid NOT NULL,
	"line_item_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_grade_posts" ADD CONSTRAINT "lti_grade_posts_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_posts" ADD CONSTRAINT "lti_grade_posts_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_posts" ADD CONSTRAINT "lti_grade_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_posts" ADD CONSTRAINT "lti_grade_posts_resource_link_id_lti_resource_links_id_fk" FOREIGN KEY ("resource_link_id") REFERENCES "public"."lti_resource_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_posts" ADD CONSTRAINT "lti_grade_posts_line_item_id_lti_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."lti_line_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_grade_posts_recording_idx" ON "lti_grade_posts" USING btree ("recording_id");--> statement-breakpoint
CREATE INDEX "lti_grade_posts_assignment_user_idx" ON "lti_grade_posts" USING btree ("assignment_id","user_id");
