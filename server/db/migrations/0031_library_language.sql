-- The language a course library's narration is spoken in (issue 32 item 3, decision 065): the teacher's choice,
-- else the deck's script's at upload; '' = the narration's own script decides.
ALTER TABLE "course_libraries" ADD COLUMN "language" text DEFAULT '' NOT NULL;
