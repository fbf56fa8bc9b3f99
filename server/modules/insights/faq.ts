import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { AddFaqInput } from '../../../common/contracts/insights';
import { GURU_LIMITS } from '../../../common/gurus';
import { guruQuestions, gurus, insightGroupFixes, insightUnansweredGroups } from '../../db/schema/index';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { said } from '../../i18n/said';
import { loadOwnedGuru } from '../gurus/access';
import { assertNotOverGuruLimit } from '../gurus/limits';
import { queueTraining } from '../gurus/training/train';
import { assertModule } from '../plans/module-access';
import { queueRefresh } from './refresh';
import { parseGroupKey } from './unanswered';

export const FAQ_FULL_MESSAGE = said('server.insights.faqFull', { max: GURU_LIMITS.questionsPerTab });
export const GROUP_OF_ANOTHER_GURU = said('server.insights.groupOfAnotherGuru');

/**
 * Adds an entry at the end of a guru's FAQ from the insights page (the guru's owner side only), as a teacher's
 * correction does: the guru is trained again so its next answer uses the entry. With a group key, the group is
 * recorded as answered by it (insight_group_fixes) and shown done at once on every course of the guru.
 */
export async function addFaqFromInsights(
  app: App,
  actor: Actor,
  guruId: string,
  input: { question: string; answer: string; groupKey?: AddFaqInput['groupKey'] },
): Promise<{ faqId: string }> {
  const guru = await loadOwnedGuru(app, actor, guruId);
  await assertNotOverGuruLimit(app, actor);
  await assertModule(app, actor, 'gurus', 'use');
  const group = input.groupKey ? parseGroupKey(input.groupKey) : null;
  if (input.groupKey && group?.guruId !== guru.id) throw badRequest(GROUP_OF_ANOTHER_GURU);

  const faqId = await app.db.transaction(async (tx) => {
    // One addition at a time per guru: the count and the next position hold until commit.
    await tx.select({ id: gurus.id }).from(gurus).where(eq(gurus.id, guru.id)).for('update');
    const [entries] = await tx
      .select({ n: count(), next: sql<number>`coalesce(max(${guruQuestions.position}) + 1, 0)` })
      .from(guruQuestions)
      .where(and(eq(guruQuestions.guruId, guru.id), eq(guruQuestions.kind, 'faq')));
    if (Number(entries.n) >= GURU_LIMITS.questionsPerTab) throw badRequest(FAQ_FULL_MESSAGE);
    const [entry] = await tx
      .insert(guruQuestions)
      .values({
        guruId: guru.id,
        kind: 'faq',
        question: input.question,
        answer: input.answer,
        position: Number(entries.next),
      })
      .returning({ id: guruQuestions.id });
    // Its material changed: the guru's page shows it needs training until the job below has run.
    await tx.update(gurus).set({ updatedAt: new Date() }).where(eq(gurus.id, guru.id));
    if (group) {
      const now = new Date();
      await tx
        .insert(insightGroupFixes)
        .values({ guruId: guru.id, term: group.term, faqId: entry.id, fixedAt: now })
        .onConflictDoUpdate({
          target: [insightGroupFixes.guruId, insightGroupFixes.term],
          set: { faqId: entry.id, fixedAt: now },
        });
      await tx
        .update(insightUnansweredGroups)
        .set({ fixedAt: now })
        .where(
          and(
            eq(insightUnansweredGroups.guruId, guru.id),
            eq(insightUnansweredGroups.term, group.term),
            lt(insightUnansweredGroups.lastAskedAt, now),
          ),
        );
    }
    return entry.id;
  });
  try {
    await queueTraining(app, guru.id);
  } catch (error) {
    // The entry is saved either way; the owner's next "Train" picks it up.
    app.log.warn({ err: error, guruId: guru.id }, 'queueing training after an insights FAQ entry failed');
  }
  // A refresh running meanwhile may have rewritten the groups without the fix: the next one has it.
  if (group) {
    const courseRows = await app.db
      .select({ courseId: insightUnansweredGroups.courseId })
      .from(insightUnansweredGroups)
      .where(and(eq(insightUnansweredGroups.guruId, guru.id), eq(insightUnansweredGroups.term, group.term)));
    for (const courseId of new Set(courseRows.map((row) => row.courseId))) await queueRefresh(app, courseId);
  }
  return { faqId };
}
