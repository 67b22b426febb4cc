ALTER TABLE "payee" ADD COLUMN "sharing" text;--> statement-breakpoint
ALTER TABLE "payee" ADD CONSTRAINT "payee_sharing_check" CHECK ("payee"."sharing" in ('shared','personal'));