import type { DraftRun, QuestionDraft } from '../../../common/contracts/question-drafts';
import type { Locale } from '../../../common/i18n/locales';
import type { DraftStatus } from '../../../common/question-drafts';
import { translate } from '../../http/locale';
import type { DraftRow, DraftRunRow } from './service';

export function presentRun(run: DraftRunRow, locale: Locale): DraftRun {
  return {
    id: run.id,
    status: run.status as DraftRun['status'],
    progress: run.progress,
    made: run.made,
    message: run.messageKey ? translate(locale, run.messageKey, run.messageValues ?? undefined) : null,
    videoId: run.videoId,
  };
}

export function presentDraft(row: DraftRow, lessonTitles: ReadonlyMap<string, string>): QuestionDraft {
  const { content } = row;
  return {
    id: row.id,
    status: row.status as DraftStatus,
    type: content.type,
    prompt: content.prompt,
    options: content.options,
    trueFalseAnswer: content.trueFalseAnswer,
    acceptedAnswers: content.acceptedAnswers,
    sentence: content.sentence,
    heading: content.heading,
    difficulty: content.difficulty,
    videoId: content.videoId,
    videoTitle: content.videoId ? (lessonTitles.get(content.videoId) ?? null) : null,
    videoSeconds: content.videoSeconds,
    page: content.page,
    rewritten: row.rewritten,
  };
}
