-- Names typed before issue 20 may hold control characters (CR/LF, tab); new ones are refused. Each run of them becomes
-- one space, so a name that reached an invitation mail's subject as two lines reads as one.
UPDATE "user" SET "name" = btrim(regexp_replace("name", '[[:cntrl:]]+', ' ', 'g')) WHERE "name" ~ '[[:cntrl:]]';--> statement-breakpoint
UPDATE "household" SET "name" = coalesce(nullif(btrim(regexp_replace("name", '[[:cntrl:]]+', ' ', 'g')), ''), 'My budget') WHERE "name" ~ '[[:cntrl:]]';
