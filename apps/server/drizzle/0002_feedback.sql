CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recording_id" uuid NOT NULL,
	"group_id" uuid,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"comment" text,
	"region_start" real,
	"region_end" real,
	"score_overall" integer,
	"score_organization" integer,
	"score_delivery" integer,
	"score_xfactor" integer,
	"is_manager" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribe_code" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_recording_idx" ON "feedback" USING btree ("recording_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_one_score_uq" ON "feedback" USING btree ("recording_id","user_id") WHERE "feedback"."kind" = 'score';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unsubscribe_code_unique" UNIQUE("unsubscribe_code");