ALTER TABLE "users" ADD COLUMN "usa_storage_consent" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_attestation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "usa_storage_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_retention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_use_allowed_at" timestamp with time zone;--> statement-breakpoint
-- The required consents were only ever given on the sign-up form: dated with the account's creation.
UPDATE "users" SET "terms_accepted_at" = "created_at" WHERE "terms_accepted";--> statement-breakpoint
UPDATE "users" SET "privacy_accepted_at" = "created_at" WHERE "privacy_accepted";--> statement-breakpoint
UPDATE "users" SET "age_attestation_at" = "created_at" WHERE "age_attestation" IS TRUE;--> statement-breakpoint
-- An EU sign-up through the form (the age attestation was required there) gave the USA storage
-- consent, which was stored as data_use_allowed. Every true data_use_allowed came from it, or from
-- the profile showing that box already ticked: none was an opt-in (docs/decisions.md).
UPDATE "users" SET "usa_storage_consent" = true, "usa_storage_consent_at" = "created_at", "data_use_allowed" = false
  WHERE "is_eu" AND "age_attestation" IS TRUE;--> statement-breakpoint
-- Data retention was a real choice (an unticked box); its time is known only if the account was never saved since sign-up.
UPDATE "users" SET "data_retention_at" = "created_at" WHERE "data_retention" IS TRUE AND "updated_at" = "created_at";
