CREATE TABLE "blog_post" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text,
	"author_name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"language" text NOT NULL,
	"source_article_id" uuid,
	"published" boolean DEFAULT true NOT NULL,
	"machine_translated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "blog_post_language_check" CHECK (language in ('en','nl','de','fr','es','pl','tr','ua'))
);
--> statement-breakpoint
CREATE TABLE "translation_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"target_language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_job_language_check" CHECK (target_language in ('en','nl','de','fr','es','pl','tr','ua')),
	CONSTRAINT "translation_job_status_check" CHECK ("translation_job"."status" in ('pending','running','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "blog_post" ADD CONSTRAINT "blog_post_source_article_id_blog_post_id_fk" FOREIGN KEY ("source_article_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_job" ADD CONSTRAINT "translation_job_article_id_blog_post_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_post_language_slug_key" ON "blog_post" USING btree ("language","slug");--> statement-breakpoint
CREATE INDEX "blog_post_slug_idx" ON "blog_post" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_post_source_language_key" ON "blog_post" USING btree ("source_article_id","language") WHERE "blog_post"."source_article_id" is not null;--> statement-breakpoint
CREATE INDEX "blog_post_originals_created_idx" ON "blog_post" USING btree ("created_at" DESC NULLS LAST) WHERE "blog_post"."source_article_id" is null and "blog_post"."published";--> statement-breakpoint
CREATE INDEX "blog_post_language_created_idx" ON "blog_post" USING btree ("language","created_at" DESC NULLS LAST) WHERE "blog_post"."published";--> statement-breakpoint
CREATE UNIQUE INDEX "translation_job_article_language_key" ON "translation_job" USING btree ("article_id","target_language");--> statement-breakpoint
CREATE INDEX "translation_job_claim_idx" ON "translation_job" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "translation_job_batch_idx" ON "translation_job" USING btree ("batch_id") WHERE "translation_job"."batch_id" is not null;