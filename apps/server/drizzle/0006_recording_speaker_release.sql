-- A conversation's owner may release their speaker claim (001 section 6): null means no speaker is theirs.
ALTER TABLE "recordings" ALTER COLUMN "speaker_num" DROP NOT NULL;