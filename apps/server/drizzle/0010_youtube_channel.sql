-- The channel a person names when they ask for an operator's check of their YouTube subscription (issue 27).
ALTER TABLE "quest_progress" ADD COLUMN "youtube_channel" text;
