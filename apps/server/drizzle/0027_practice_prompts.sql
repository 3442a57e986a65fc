-- Practice prompts (issue 41): each organisation's library, seeded once from the product's
-- prompts when it is first read; a take made from a prompt keeps its id.
CREATE TABLE "practice_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"seed_key" text,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"instructions" text NOT NULL,
	"suggested_seconds" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "practice_prompts" ADD CONSTRAINT "practice_prompts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_prompts" ADD CONSTRAINT "practice_prompts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_prompts_seed_idx" ON "practice_prompts" USING btree ("org_id","seed_key") WHERE "practice_prompts"."seed_key" is not null;--> statement-breakpoint
CREATE INDEX "practice_prompts_org_idx" ON "practice_prompts" USING btree ("org_id","category","title");--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "practice_prompts_seeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "practice_prompt_id" uuid;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_practice_prompt_id_practice_prompts_id_fk" FOREIGN KEY ("practice_prompt_id") REFERENCES "public"."practice_prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_prompt_idx" ON "recordings" USING btree ("user_id","practice_prompt_id","created_at") WHERE "recordings"."practice_prompt_id" is not null;
