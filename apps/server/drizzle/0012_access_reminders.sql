CREATE TABLE "access_reminders" (
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_reminders_user_id_group_id_expires_at_pk" PRIMARY KEY("user_id","group_id","expires_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "access_reminders" ADD CONSTRAINT "access_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_reminders" ADD CONSTRAINT "access_reminders_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;