-- The coach's review queue (issue 41 item 7): a group's recordings that may wait for review
-- (finished, not deleted, flagged or shared), read by group for each group the coach coaches.
CREATE INDEX "recordings_review_queue_idx" ON "recordings" USING btree ("group_id") WHERE "recordings"."deleted_at" is null and "recordings"."status" = 'done' and ("recordings"."submitted" or "recordings"."feedback_requested");
