CREATE TABLE "live_captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"recording_id" uuid,
	"complete" boolean DEFAULT false NOT NULL,
	"transcribed_until" real DEFAULT 0 NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keyword_hits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busy_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_captures" ADD CONSTRAINT "live_captures_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_captures" ADD CONSTRAINT "live_captures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_captures" ADD CONSTRAINT "live_captures_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_captures_user_idx" ON "live_captures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_captures_recording_idx" ON "live_captures" USING btree ("recording_id");