-- The database keeps each tour's search columns (docs/catalogue.md#search) whoever writes the
-- catalogue (the console, the seed, a supplier's import): a trigger per table that feeds them.

-- A tour's searched text: its titles, city, country and categories, in both languages.
CREATE OR REPLACE FUNCTION catalog_tour_search_text(tour_id uuid, title jsonb, city_id uuid) RETURNS text
LANGUAGE sql STABLE AS $fn$
  SELECT catalog_search_text(concat_ws(' ',
    title->>'en', title->>'ru',
    (SELECT concat_ws(' ', ci.name->>'en', ci.name->>'ru', co.name->>'en', co.name->>'ru')
       FROM cities ci JOIN countries co ON co.id = ci.country_id WHERE ci.id = city_id),
    (SELECT string_agg(concat_ws(' ', ca.name->>'en', ca.name->>'ru'), ' ' ORDER BY ca.sort_order, ca.slug)
       FROM tour_categories tc JOIN categories ca ON ca.id = tc.category_id WHERE tc.tour_id = catalog_tour_search_text.tour_id)))
$fn$;
--> statement-breakpoint
-- The "from" price of a tour card (shared/catalog/prices.ts `lowestPrice`): the lowest per-adult or per-trip retail price of its active offers.
CREATE OR REPLACE FUNCTION catalog_tour_from_price(tour_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $fn$
  SELECT min(price) FROM offers o
    CROSS JOIN LATERAL (VALUES (o.rec_price_per_adult), (o.rec_price_per_trip)) AS p(price)
   WHERE o.tour_id = catalog_tour_from_price.tour_id AND o.is_active AND price IS NOT NULL
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_tours_search_columns() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.search_title := catalog_search_text(concat_ws(' ', NEW.title->>'en', NEW.title->>'ru'));
  NEW.search_text := catalog_tour_search_text(NEW.id, NEW.title, NEW.city_id);
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER tours_search_columns BEFORE INSERT OR UPDATE OF title, city_id ON tours
  FOR EACH ROW EXECUTE FUNCTION catalog_tours_search_columns();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_tour_categories_search_text() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE tours t SET search_text = catalog_tour_search_text(t.id, t.title, t.city_id)
   WHERE t.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.tour_id ELSE NEW.tour_id END;
  IF TG_OP = 'UPDATE' AND OLD.tour_id <> NEW.tour_id THEN
    UPDATE tours t SET search_text = catalog_tour_search_text(t.id, t.title, t.city_id) WHERE t.id = OLD.tour_id;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER tour_categories_search_text AFTER INSERT OR UPDATE OR DELETE ON tour_categories
  FOR EACH ROW EXECUTE FUNCTION catalog_tour_categories_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_places_search_text() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'cities' THEN
    UPDATE tours t SET search_text = catalog_tour_search_text(t.id, t.title, t.city_id) WHERE t.city_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'countries' THEN
    UPDATE tours t SET search_text = catalog_tour_search_text(t.id, t.title, t.city_id)
      FROM cities ci WHERE ci.id = t.city_id AND ci.country_id = NEW.id;
  ELSE
    UPDATE tours t SET search_text = catalog_tour_search_text(t.id, t.title, t.city_id)
      FROM tour_categories tc WHERE tc.tour_id = t.id AND tc.category_id = NEW.id;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER cities_search_text AFTER UPDATE OF name, country_id ON cities
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.country_id IS DISTINCT FROM NEW.country_id)
  EXECUTE FUNCTION catalog_places_search_text();
--> statement-breakpoint
CREATE TRIGGER countries_search_text AFTER UPDATE OF name ON countries
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION catalog_places_search_text();
--> statement-breakpoint
CREATE TRIGGER categories_search_text AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION catalog_places_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_offers_from_price() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE tours SET from_price = catalog_tour_from_price(id) WHERE id = OLD.tour_id AND from_price IS DISTINCT FROM catalog_tour_from_price(id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE tours SET from_price = catalog_tour_from_price(id) WHERE id = NEW.tour_id AND from_price IS DISTINCT FROM catalog_tour_from_price(id);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER offers_from_price AFTER INSERT OR DELETE OR UPDATE OF tour_id, rec_price_per_adult, rec_price_per_trip, is_active ON offers
  FOR EACH ROW EXECUTE FUNCTION catalog_offers_from_price();
--> statement-breakpoint
-- The catalogue already there.
UPDATE tours SET
  search_title = catalog_search_text(concat_ws(' ', title->>'en', title->>'ru')),
  search_text = catalog_tour_search_text(id, title, city_id),
  from_price = catalog_tour_from_price(id);
