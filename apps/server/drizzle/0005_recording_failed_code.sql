-- Recordings store why they failed as a code (FAILED_CODES in the contract); responses add the
-- sentence. Existing sentences become their codes; any other text becomes 'unprocessable'.
ALTER TABLE "recordings" RENAME COLUMN "failed_reason" TO "failed_code";--> statement-breakpoint
UPDATE "recordings" SET "failed_code" = CASE "failed_code"
  WHEN 'No speech detected for 30s.' THEN 'noSpeech'
  WHEN 'Recording contains no data.' THEN 'noData'
  WHEN 'Recording is too short.' THEN 'tooShort'
  WHEN 'Recording could not be processed. Do not retry.' THEN 'unprocessable'
  WHEN 'Recording is longer than 15 minutes.' THEN 'tooLong'
  WHEN 'Analysis was cancelled.' THEN 'cancelled'
  WHEN 'Transcription service unavailable. Retry later.' THEN 'transcriptionUnavailable'
  WHEN 'You have submitted a file with an invalid filetype. Only audio and video files may be uploaded.' THEN 'invalidFileType'
  WHEN 'Files can be at most 200 MB.' THEN 'fileTooLarge'
  WHEN 'That address cannot be fetched: only public http(s) addresses are allowed.' THEN 'urlBlocked'
  WHEN 'The file at that URL could not be downloaded.' THEN 'urlFetchFailed'
  ELSE 'unprocessable'
END
WHERE "failed_code" IS NOT NULL;
