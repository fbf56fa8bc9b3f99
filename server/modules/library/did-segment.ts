import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIBRARY_MSG } from '../../../common/library';
import { countOf } from '../../../common/words';
import type { App } from '../../http/app-type';
import { MediaError } from '../../media/ffmpeg';
import { runFfmpeg, SEGMENT_AUDIO_RATE } from '../../media/narrated-segment';
import { DidError, didClient, type TalkStatus } from '../../providers/avatar/d-id';
import { integrationKey } from '../integrations/service';
import type { LibraryRow } from './access';
import { asVoice } from './segment-speech';

/**
 * How often a talk is polled and how long it may take. A talk of a few sentences is ready in well under a
 * minute; tests shorten the poll.
 */
export const didTalkTiming = { pollMs: 2_000, timeoutMs: 5 * 60_000 };
const DOWNLOAD_TIMEOUT_MS = 2 * 60_000;
/** Far above a talk of a slide's narration (a few MB), so a wrong link cannot fill the disk. */
const MAX_TALK_BYTES = 200 * 1024 * 1024;

/**
 * A failure worded whole for the library's error: the runner shows it as it is instead of prefixing the
 * segment (it names the segment itself, or is about the key or credits rather than one segment).
 */
export class DidLibraryError extends MediaError {}

export interface TalkingHead {
  /** The talk's own speech (D-ID lip-syncs to it), 24 kHz mono WAV: the segment's narration. */
  narrationWav: Buffer;
  /** The talk's MP4 in the work folder, for the avatar corner. */
  videoPath: string;
}

/** Why a talk ended without a video, as the owner can act on it. */
const TALK_FAILED: Record<Extract<TalkStatus, 'error' | 'rejected'>, string> = {
  error:
    'D-ID reported an error. Please check that the avatar image is a clear, front-facing photo of one face, then generate again.',
  rejected:
    "D-ID's moderation rejected the avatar image or the narration. Please change them and generate again.",
};

/**
 * The signed, absolute URL D-ID fetches the face from: storage signs a path of this server for local
 * files, made absolute with the public URL (as guru talks do in gurus/speech-routes.ts).
 */
function avatarSourceUrl(app: App, imagePath: string): string {
  const url = app.storage.signedUrl(imagePath, 60 * 60);
  return url.startsWith('/') ? `${app.config.publicUrl}${url}` : url;
}

/** A D-ID refusal during the job, worded for the owner. */
function didFailure(error: unknown, segmentNumber: number): MediaError {
  if (!(error instanceof DidError))
    return error instanceof MediaError ? error : new MediaError(String(error));
  if (error.status === 402) return new DidLibraryError(LIBRARY_MSG.didCredits);
  if (error.status === 401 || error.status === 403) {
    return new DidLibraryError('D-ID refused your key. Please check it on the Integrations page.');
  }
  return new DidLibraryError(
    `D-ID did not answer while making the talking head for segment ${segmentNumber}. Please try again.`,
    error.message,
    'system',
  );
}

const isMp4 = (bytes: Buffer) => bytes.length > 12 && bytes.toString('ascii', 4, 8) === 'ftyp';

/**
 * A segment's talking head for a 'd_id' library (docs/decisions/014-course-library.md "Generating"): a D-ID
 * talk of the narration with the owner's key and the library's avatar image, polled until done, downloaded
 * to `work`, its speech extracted as the narration. Credits were checked when generation was requested;
 * D-ID's 402 still ends the run with the credits message.
 */
export async function didTalkingHead(
  app: App,
  input: {
    library: Pick<LibraryRow, 'ownerId' | 'voice' | 'avatarImagePath'>;
    text: string;
    segmentNumber: number;
    work: string;
  },
): Promise<TalkingHead> {
  const { library, text, segmentNumber, work } = input;
  const apiKey = await integrationKey(app, library.ownerId, 'didApiKey');
  if (!apiKey) throw new DidLibraryError(LIBRARY_MSG.noDidKey);
  if (!library.avatarImagePath) throw new DidLibraryError(LIBRARY_MSG.staticAvatar);
  const client = didClient(app.config.ai.didApiBase);
  const failed = (reason: string, detail?: string) =>
    new DidLibraryError(
      `D-ID could not make the talking head for segment ${segmentNumber}: ${reason}`,
      detail,
    );

  let resultUrl: string;
  try {
    const talk = await client.createTalk(apiKey, {
      sourceUrl: avatarSourceUrl(app, library.avatarImagePath),
      text,
      voice: asVoice(library.voice),
    });
    const deadline = Date.now() + didTalkTiming.timeoutMs;
    for (;;) {
      const state = await client.getTalk(apiKey, talk.id);
      if (state.status === 'done') {
        if (!state.resultUrl) throw failed('it finished without a video. Please generate again.');
        resultUrl = state.resultUrl;
        break;
      }
      if (state.status === 'error' || state.status === 'rejected') {
        throw failed(TALK_FAILED[state.status], `talk ${talk.id} ${state.status}`);
      }
      if (Date.now() >= deadline) {
        throw failed(
          `it was not ready after ${countOf(Math.round(didTalkTiming.timeoutMs / 60_000), 'minute')}. Please generate again.`,
          `talk ${talk.id} still ${state.status}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, didTalkTiming.pollMs));
    }
  } catch (error) {
    throw didFailure(error, segmentNumber);
  }

  const videoPath = path.join(work, `talk-${segmentNumber}.mp4`);
  await writeFile(videoPath, await downloadTalk(resultUrl, failed));
  const wavPath = path.join(work, `talk-${segmentNumber}.wav`);
  await runFfmpeg(
    [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', videoPath, '-map', '0:a:0'],
      ...['-c:a', 'pcm_s16le', '-ar', String(SEGMENT_AUDIO_RATE), '-ac', '1', wavPath],
    ],
    { timeoutMs: 60_000, what: `Reading the speech of the talking head for segment ${segmentNumber}` },
  );
  return { narrationWav: await readFile(wavPath), videoPath };
}

/** The finished talk's bytes, checked to be an MP4 (a link that answers with a page must not pass). */
async function downloadTalk(
  url: string,
  failed: (reason: string, detail?: string) => MediaError,
): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  } catch (error) {
    throw failed('its video could not be downloaded. Please generate again.', (error as Error).message);
  }
  if (!response.ok) {
    throw failed('its video could not be downloaded. Please generate again.', `HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_TALK_BYTES) throw failed('its video is too large.', `${declared} bytes`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!isMp4(bytes)) throw failed('its video is not an MP4 file. Please generate again.');
  return bytes;
}
