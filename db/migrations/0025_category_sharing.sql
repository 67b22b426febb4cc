CREATE TABLE "category_sharing" (
	"household_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"sharing" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_sharing_household_id_category_id_pk" PRIMARY KEY("household_id","category_id"),
	CONSTRAINT "category_sharing_check" CHECK ("category_sharing"."sharing" in ('shared','personal','account'))
);
--> statement-breakpoint
ALTER TABLE "category_sharing" ADD CONSTRAINT "category_sharing_household_id_household_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."household"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_sharing" ADD CONSTRAINT "category_sharing_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_sharing_category_idx" ON "category_sharing" USING btree ("category_id");