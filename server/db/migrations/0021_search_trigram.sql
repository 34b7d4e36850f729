-- Search (docs/catalogue.md#search): trigram matching from pg_trgm (a contrib extension of
-- PostgreSQL, and shipped by PGlite, which loads it in server/db/connection.ts), and one spelling
-- for both languages. pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The search spelling of a text, applied to every tour's indexed text and to every query: Cyrillic
-- written in Latin letters, and common Latin spellings of one sound folded into one, so "Бурдж",
-- "burdj" and "Burj" are all "burj". Lower case, letters and digits only, words split by one space.
CREATE OR REPLACE FUNCTION catalog_search_text(input text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
    s text := input;
BEGIN
    -- Cyrillic letters written with two Latin ones, in the spelling the folds below expect.
    s := replace(replace(s, 'Ж', 'j'), 'ж', 'j');
    s := replace(replace(s, 'Ч', 'ch'), 'ч', 'ch');
    s := replace(replace(replace(replace(s, 'Ш', 'sh'), 'ш', 'sh'), 'Щ', 'sh'), 'щ', 'sh');
    s := replace(replace(s, 'Ц', 'ts'), 'ц', 'ts');
    s := replace(replace(s, 'Ю', 'iu'), 'ю', 'iu');
    s := replace(replace(s, 'Я', 'ia'), 'я', 'ia');
    -- One letter for one: the rest of Cyrillic, Latin accents, w/v, y/i, q/k; hard and soft signs dropped.
    s := lower(translate(s,
      'аАбБвВгГдДеЕёЁзЗиИйЙкКлЛмМнНоОпПрРсСтТуУфФхХыЫэЭàÀáÁâÂãÃäÄåÅèÈéÉêÊëËìÌíÍîÎïÏòÒóÓôÔõÕöÖùÙúÚûÛüÜçÇñÑwWyYqQъьЪЬ',
      'aabbvvggddeeeezziiiikkllmmnnoopprrssttuuffhhiieeaaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnvviikk'));
    -- Common Latin spellings of one sound: Burj/Burdj/Бурдж, Khalifa/Халифа, Dhabi/Даби, tour/тур.
    s := replace(replace(replace(s, 'dzh', 'j'), 'dj', 'j'), 'zh', 'j');
    s := replace(replace(replace(s, 'kh', 'h'), 'ph', 'f'), 'dh', 'd');
    s := replace(replace(replace(s, 'ee', 'i'), 'oo', 'u'), 'ou', 'u');
    s := replace(s, 'x', 'ks');
    s := regexp_replace(s, 'c(?=[ei])', 's', 'g');
    s := regexp_replace(s, 'c(?!h)', 'k', 'g');
    -- Sharjah/Шарджа: a word's last h after a vowel is not heard.
    s := regexp_replace(s, '([aeiou])h(?![a-z])', '\1', 'g');
    s := regexp_replace(s, '([a-z])\1+', '\1', 'g');
    RETURN btrim(regexp_replace(s, '[^a-z0-9]+', ' ', 'g'));
END
$fn$;
