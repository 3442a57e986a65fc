ALTER TABLE "recordings" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "trim" jsonb;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "peaks_path" text;