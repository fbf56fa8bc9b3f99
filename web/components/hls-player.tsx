import { Alert } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { fromTimeRanges, type WatchRange } from '../../common/watch-ranges';
import { authorizationHeader } from '../app/api';
import { useT } from '../app/i18n';

const playback = (video: HTMLVideoElement): [number, number, WatchRange[]] => [
  video.currentTime,
  video.duration,
  fromTimeRanges(video.played),
];

interface Props {
  /** The playlist URL under /api (segments are fetched relative to it). */
  src: string;
  poster?: string | null;
  title: string;
  /** Where to start, in seconds (resume). */
  startAt?: number;
  /** As playback moves: the position, the length, and the parts played since this video was loaded. */
  onTime?: (seconds: number, duration: number, played: WatchRange[]) => void;
  /** Called when playback pauses or ends, with the same figures then (a good moment to save progress). */
  onStop?: (seconds: number, duration: number, played: WatchRange[]) => void;
  /** Called once playback reaches the end (after onStop): what to offer next. */
  onEnded?: () => void;
  /** Playback speed (1 = normal). */
  playbackRate?: number;
  /** A signed WebVTT URL: shown as the default captions track. */
  captionsUrl?: string | null;
  /** BCP 47 language of the captions. */
  captionsLang?: string;
  /** Start as soon as it can: the viewer asked for this video with a Play button, which a click alone should do. */
  autoPlay?: boolean;
}

/** Signed URLs are same-origin on disk storage; an S3 URL needs a CORS request (and CORS on the bucket). */
const crossOriginOf = (url: string | null | undefined) => {
  if (!url || (url.startsWith('/') && !url.startsWith('//'))) return undefined;
  // Drawn by the server (a course's previews, decision 071): a full address is another origin's (S3's).
  if (typeof window === 'undefined') return 'anonymous';
  return new URL(url, window.location.href).origin !== window.location.origin ? 'anonymous' : undefined;
};

/**
 * HLS playback for course videos. hls.js fetches the playlist and segments with the session's
 * Authorization header (the server checks who may watch); browsers that play HLS natively get the URL.
 */
export function HlsPlayer({
  src,
  poster,
  title,
  startAt = 0,
  onTime,
  onStop,
  onEnded,
  playbackRate = 1,
  captionsUrl,
  captionsLang = 'en',
  autoPlay = false,
}: Props) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setFailure(false);
    const start = () => {
      if (startAt > 0) video.currentTime = startAt;
    };
    let cancelled = false;
    let stop = () => {};
    // hls.js loads with the first player, never with the page that merely links to one; its light build (no
    // alternate audio, in-manifest subtitles, DRM or CMCD): our lessons are one muxed rendition, captions are the
    // video's own <track>.
    void import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          const hls = new Hls({
            // Our own routes only: segments signed by the object store (decision 039) carry their permission in the
            // URL, and a second credential there would be refused (and would cost a CORS preflight per segment).
            xhrSetup: (xhr, url) => {
              if (new URL(url, window.location.href).origin === window.location.origin)
                xhr.setRequestHeader('Authorization', authorizationHeader());
            },
            startPosition: startAt > 0 ? startAt : -1,
          });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) setFailure(true);
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          stop = () => hls.destroy();
          return;
        }
        video.src = src;
        video.addEventListener('loadedmetadata', start, { once: true });
        stop = () => video.removeEventListener('loadedmetadata', start);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(true);
        // Unhandled on purpose: a chunk that a deploy replaced reloads the page once (reloads.ts).
        throw error;
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [src, startAt]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // The default survives loading a new source; the current rate applies now.
    video.defaultPlaybackRate = playbackRate;
    video.playbackRate = playbackRate;
  }, [playbackRate]);

  return (
    <>
      {failure && <Alert color="red">{t('components.player.failed')}</Alert>}
      {/* biome-ignore lint/a11y/useMediaCaption: the captions track is there whenever the author added captions */}
      <video
        ref={videoRef}
        controls
        autoPlay={autoPlay}
        crossOrigin={crossOriginOf(captionsUrl)}
        poster={poster ?? undefined}
        aria-label={title}
        style={{ width: '100%', borderRadius: 8, background: '#000', aspectRatio: '16 / 9' }}
        onTimeUpdate={(event) => onTime?.(...playback(event.currentTarget))}
        onPause={(event) => onStop?.(...playback(event.currentTarget))}
        onEnded={(event) => {
          onStop?.(...playback(event.currentTarget));
          onEnded?.();
        }}
        data-testid="video-player"
      >
        {captionsUrl && (
          <track
            kind="captions"
            src={captionsUrl}
            srcLang={captionsLang}
            label={t('components.player.captions')}
            default
          />
        )}
      </video>
    </>
  );
}
