import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesWith } from '../../../common/capabilities';
import {
  glossaryEntrySchema,
  LESSON_NOTES_LIMITS,
  lessonNotesUpdateSchema,
  summaryLineSchema,
} from '../../../common/contracts/lesson-notes';
import { actorOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { canAuthorFor } from '../../http/policies';
import { said } from '../../i18n/said';
import { loadAuthoredCourse } from '../courses/service';
import { loadLearnableCourse } from '../learning/service';
import { currentNotes, presentForAuthors, presentForLearners, regenerateNotes, updateNotes } from './service';
import { findLesson } from './source';

const LESSON_NOT_FOUND = said('server.lesson-notes.lessonNotFound');
const videoParams = z.object({ videoId: z.uuid({ error: LESSON_NOT_FOUND.english }) });
/** The contract's edit, its list limits said in the server's own words (in the caller's language). */
const updateBody = lessonNotesUpdateSchema.extend({
  summary: z
    .array(summaryLineSchema)
    .max(LESSON_NOTES_LIMITS.summarySentences, said('server.lesson-notes.tooManySentences').english)
    .optional(),
  glossary: z
    .array(glossaryEntrySchema)
    .max(LESSON_NOTES_LIMITS.glossaryTerms, said('server.lesson-notes.tooManyTerms').english)
    .optional(),
});
const AUTHOR = { access: rolesWith('author') };
const VIEWERS = { access: rolesWith('watch') };

/**
 * A lesson's summary and key terms (issue 37, item 3): read beside the player by the course's subscribers (and
 * its authors), edited, hidden and drafted again by its authors (the owner, its institute, an admin). Every
 * call finds the lesson and checks the caller against the database.
 */
export const lessonNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A lesson of a course the caller authors, or 404/403 as the course editor answers. */
  const authoredLesson = async (actor: ReturnType<typeof actorOf>, videoId: string) => {
    const video = await findLesson(app, videoId);
    if (!video) throw notFound(LESSON_NOT_FOUND);
    await loadAuthoredCourse(app, actor, video.courseId);
    return video;
  };

  app.get(
    '/api/lesson-notes/:videoId',
    { config: VIEWERS, schema: { params: videoParams } },
    async (request) => {
      const actor = actorOf(request);
      const video = await findLesson(app, request.params.videoId);
      if (!video) throw notFound(LESSON_NOT_FOUND);
      // Subscribers of the live version (and its authors): the player's own rule.
      const live = await loadLearnableCourse(app, actor, video.courseId);
      if (!live.snapshot.videos.some((lesson) => lesson.id === video.id && lesson.kind === 'lesson'))
        throw notFound(LESSON_NOT_FOUND);
      const author = canAuthorFor(actor, { id: live.course.ownerId, instituteId: live.instituteId });
      return presentForLearners(await currentNotes(app, video), author);
    },
  );

  app.get(
    '/api/lesson-notes/:videoId/authoring',
    { config: AUTHOR, schema: { params: videoParams } },
    async (request) => {
      const video = await authoredLesson(actorOf(request), request.params.videoId);
      return presentForAuthors(await currentNotes(app, video));
    },
  );

  app.put(
    '/api/lesson-notes/:videoId/authoring',
    { config: AUTHOR, schema: { params: videoParams, body: updateBody } },
    async (request) => {
      const video = await authoredLesson(actorOf(request), request.params.videoId);
      return presentForAuthors(await updateNotes(app, video, request.body));
    },
  );

  app.post(
    '/api/lesson-notes/:videoId/regenerate',
    { config: AUTHOR, schema: { params: videoParams } },
    async (request) => {
      const video = await authoredLesson(actorOf(request), request.params.videoId);
      return presentForAuthors(await regenerateNotes(app, video));
    },
  );
};
