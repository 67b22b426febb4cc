CREATE TABLE "personal_privacy" (
	"household_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_privacy_household_id_user_id_pk" PRIMARY KEY("household_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "personal_privacy" ADD CONSTRAINT "personal_privacy_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The choice moves out of the membership so that it outlives it (decision 0016).
INSERT INTO "personal_privacy" ("household_id", "user_id") SELECT "household_id", "user_id" FROM "household_member" WHERE NOT "personal_in_detail";--> statement-breakpoint
ALTER TABLE "household_member" DROP COLUMN "personal_in_detail";