import { GURU_LIMITS } from '../../../common/gurus';
import { api } from '../../app/api';

const POLL_MS = 1500;
const GIVE_UP_MS = 90_000;

/**
 * Has D-ID render the guru saying `text` (POST /api/gurus/:id/talks, then polling) and answers the video's
 * URL, or null when D-ID is not available (no key, no credits, an error): the caller then speaks it itself.
 */
export async function didTalkVideo(
  guruId: string,
  text: string,
  signal: AbortSignal,
): Promise<string | null> {
  try {
    const { talkId } = await api<{ talkId: string }>(`/gurus/${guruId}/talks`, {
      method: 'POST',
      body: { text: text.slice(0, GURU_LIMITS.speechMaxChars) },
      handleUnavailable: false,
      signal,
    });
    const started = Date.now();
    while (!signal.aborted && Date.now() - started < GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const talk = await api<{ status: string; videoUrl: string | null }>(
        `/gurus/${guruId}/talks/${talkId}`,
        {
          handleUnavailable: false,
          signal,
        },
      );
      if (talk.videoUrl && talk.status === 'done') return talk.videoUrl;
      if (talk.status === 'error' || talk.status === 'rejected') return null;
    }
    return null;
  } catch {
    return null;
  }
}
