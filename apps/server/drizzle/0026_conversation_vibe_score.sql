-- A conversation has no Vocal Delivery (issue 39): its results page shows none, so its lists,
-- dashboards and reports show none either. Results analysed before the engine left it out keep
-- their stored numbers; the rows' derived score is cleared here (recording-figures.ts derives it now).
UPDATE "recordings" SET "overall_score" = NULL
  WHERE "overall_score" IS NOT NULL AND (coalesce(("results"->>'isConversational')::boolean, false)
    -- Nor a take with too little speech for metrics: its page says none were calculated.
    OR coalesce(("results"->'scores'->>'isEmptyResults')::boolean, false));
