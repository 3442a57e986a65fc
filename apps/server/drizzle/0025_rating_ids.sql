-- Custom rating ids now keep only the letters, digits, dots and dashes of the name (002 section 5):
-- "Call to Action" was customcall-to-action and is customcalltoaction. Every stored scorecard and
-- every rater's responses are re-keyed here, so a later save of an unchanged scorecard keeps its
-- ratings' scores. Where two ratings of one scorecard would now share an id, both keep their old ids.
CREATE TEMPORARY TABLE "rating_id_map" AS
  SELECT "scorecard_id", "old_id", "new_id"
  FROM (
    SELECT s."id" AS "scorecard_id", q->>'id' AS "old_id",
      'custom' || regexp_replace(lower(q->>'label'), '[^a-z0-9.-]', '', 'g') AS "new_id",
      count(*) OVER (PARTITION BY s."id", 'custom' || regexp_replace(lower(q->>'label'), '[^a-z0-9.-]', '', 'g')) AS "sharing"
    FROM "scorecards" s, jsonb_array_elements(s."questions") q
    WHERE NOT coalesce((q->>'preset')::boolean, false)
  ) m
  WHERE "sharing" = 1 AND "old_id" <> "new_id";--> statement-breakpoint
UPDATE "scorecards" s SET "questions" = (
    SELECT jsonb_agg(CASE WHEN m."new_id" IS NULL THEN q ELSE jsonb_set(q, '{id}', to_jsonb(m."new_id")) END ORDER BY o)
    FROM jsonb_array_elements(s."questions") WITH ORDINALITY e(q, o)
    LEFT JOIN "rating_id_map" m ON m."scorecard_id" = s."id" AND m."old_id" = q->>'id'
  )
  WHERE s."id" IN (SELECT "scorecard_id" FROM "rating_id_map");--> statement-breakpoint
UPDATE "scorecard_responses" r SET "responses" = (
    SELECT jsonb_agg(CASE WHEN m."new_id" IS NULL THEN a ELSE jsonb_set(a, '{id}', to_jsonb(m."new_id")) END ORDER BY o)
    FROM jsonb_array_elements(r."responses") WITH ORDINALITY e(a, o)
    LEFT JOIN "rating_id_map" m ON m."scorecard_id" = r."scorecard_id" AND m."old_id" = a->>'id'
  )
  WHERE r."scorecard_id" IN (SELECT "scorecard_id" FROM "rating_id_map") AND jsonb_array_length(r."responses") > 0;--> statement-breakpoint
DROP TABLE "rating_id_map";
