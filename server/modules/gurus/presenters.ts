import type { GuruDetail, GuruQuestionView, GuruSummary } from '../../../common/contracts/gurus';
import type { AvatarKind, GuruStatus, GuruVoice, TeachingMode } from '../../../common/gurus';
import type { App } from '../../http/app-type';
import type { GuruRow } from './access';

/** What a guru's detail needs beyond its row. */
export interface GuruDetailParts {
  courseIds: string[];
  videoIds: string[];
  demo: GuruQuestionView[];
  faq: GuruQuestionView[];
}

/** How long a guru's file links last: a building session or a talk with the guru outlasts the usual 15 minutes. */
export const GURU_LINK_SECONDS = 6 * 60 * 60;

const fileUrl = (app: App, key: string | null) =>
  key ? app.storage.signedUrl(key, GURU_LINK_SECONDS) : null;

/** The uploaded GLB wins over a URL (the owner uploaded it after typing one, or the URL is stale). */
export function guruGlbUrl(app: App, guru: GuruRow): string | null {
  return fileUrl(app, guru.avatarGlbPath) ?? guru.avatarGlbUrl ?? null;
}

/**
 * Material changed since the last training: the guru's own sources and FAQ move updated_at forward
 * (service.ts), and so do changes inside its courses (FAQ, study material, captions, videos:
 * training/course-changes.ts); training sets trained_at. Only a trained guru can need training "again".
 */
export function needsTraining(guru: GuruRow): boolean {
  if (!guru.trainedAt || guru.status === 'training') return false;
  return guru.updatedAt.getTime() > guru.trainedAt.getTime();
}

export function presentGuruDetail(app: App, guru: GuruRow, parts: GuruDetailParts): GuruDetail {
  return {
    id: guru.id,
    ownerId: guru.ownerId,
    name: guru.name,
    subject: guru.subject,
    instructions: guru.instructions,
    teachingMode: guru.teachingMode as TeachingMode,
    introductionText: guru.introductionText,
    introductionVideoUrl: fileUrl(app, guru.introductionVideoPath),
    avatarKind: (guru.avatarKind as AvatarKind | null) ?? null,
    avatarImageUrl: fileUrl(app, guru.avatarImagePath),
    avatarGlbUrl: guruGlbUrl(app, guru),
    voice: (guru.voice as GuruVoice | null) ?? null,
    fallbackVoice: (guru.fallbackVoice as GuruVoice | null) ?? null,
    status: guru.status as GuruStatus,
    trainingProgress: guru.trainingProgress,
    trainingError: guru.trainingError,
    trainingFailedAt: guru.trainingFailedAt?.toISOString() ?? null,
    trainedAt: guru.trainedAt?.toISOString() ?? null,
    courseIds: parts.courseIds,
    videoIds: parts.videoIds,
    demo: parts.demo,
    faq: parts.faq,
    needsTraining: needsTraining(guru),
  };
}

export function presentGuruSummary(
  app: App,
  guru: GuruRow,
  extra: {
    ownerName: string;
    courseTitles: string[];
    conversationCount: number;
    /** The list's pictures at the size it shows them (imageUrlsAt); without it, the picture as uploaded. */
    pictures?: Map<string, string>;
  },
): GuruSummary {
  return {
    id: guru.id,
    name: guru.name,
    subject: guru.subject,
    status: guru.status as GuruStatus,
    trainingProgress: guru.trainingProgress,
    avatarKind: (guru.avatarKind as AvatarKind | null) ?? null,
    avatarImageUrl: guru.avatarImagePath
      ? (extra.pictures?.get(guru.avatarImagePath) ?? fileUrl(app, guru.avatarImagePath))
      : null,
    courseTitles: extra.courseTitles,
    conversationCount: extra.conversationCount,
    ownerName: extra.ownerName,
    updatedAt: guru.updatedAt.toISOString(),
  };
}
