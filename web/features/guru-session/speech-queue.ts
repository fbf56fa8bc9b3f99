import { GURU_LIMITS } from '../../../common/gurus';
import { authorizationHeader } from '../../app/api';
import { fetchSpeechAudio } from './speech-fetch';

/**
 * Speaks sentences in order: each is synthesised (POST /api/gurus/:id/speech) as soon as it is queued, so
 * the next is ready when the previous ends, and played through an AnalyserNode whose loudness drives the
 * avatar's mouth. A sentence refused for a moment (429, a network blip) is fetched again and the ones after
 * it wait their turn; one that cannot be spoken is skipped, since the text is on screen anyway.
 */
export class SpeechQueue {
  private context: AudioContext | null = null;
  private analyser: AnalyserNode | null = null;
  private queue: Promise<ArrayBuffer | null>[] = [];
  private playing = false;
  private current: AudioBufferSourceNode | null = null;
  private frame = 0;
  private generation = 0;
  muted = false;

  constructor(
    private readonly guruId: string,
    private readonly onLevel: (level: number) => void,
    private readonly onSpeaking: (speaking: boolean) => void,
  ) {}

  /** Browsers start audio only after a user gesture; call this from one (a click, Enter). */
  unlock(): void {
    const context = this.ensureContext();
    if (context && context.state === 'suspended') void context.resume().catch(() => undefined);
  }

  /** True when audio is still blocked by the browser's autoplay rule. */
  get blocked(): boolean {
    return this.context?.state === 'suspended';
  }

  enqueue(text: string): void {
    if (this.muted || !text.trim()) return;
    this.queue.push(this.fetchAudio(text.slice(0, GURU_LIMITS.speechMaxChars), this.generation));
    if (!this.playing) void this.playNext(this.generation);
  }

  /** Stops speaking and forgets what was queued (a new question, mute, leaving the page). */
  stop(): void {
    this.generation += 1;
    this.queue = [];
    try {
      this.current?.stop();
    } catch {
      // Already stopped.
    }
    this.current = null;
    this.setPlaying(false);
  }

  close(): void {
    this.stop();
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }

  private ensureContext(): AudioContext | null {
    if (this.context) return this.context;
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return null;
    this.context = new Context();
    this.analyser = this.context.createAnalyser();
    this.analyser.fftSize = 512;
    this.analyser.connect(this.context.destination);
    return this.context;
  }

  private fetchAudio(text: string, generation: number): Promise<ArrayBuffer | null> {
    return fetchSpeechAudio(
      `/api/gurus/${this.guruId}/speech`,
      {
        method: 'POST',
        headers: { Authorization: authorizationHeader(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      },
      { cancelled: () => generation !== this.generation },
    );
  }

  private async playNext(generation: number): Promise<void> {
    const next = this.queue.shift();
    if (!next || generation !== this.generation) {
      if (generation === this.generation) this.setPlaying(false);
      return;
    }
    this.setPlaying(true);
    const data = await next;
    const context = this.ensureContext();
    if (generation !== this.generation) return;
    if (!data || !context || !this.analyser) return this.playNext(generation);
    try {
      const buffer = await context.decodeAudioData(data);
      if (generation !== this.generation) return;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.analyser);
      this.current = source;
      await new Promise<void>((resolve) => {
        source.onended = () => resolve();
        source.start();
      });
    } catch {
      // An undecodable answer is skipped.
    }
    if (generation === this.generation) await this.playNext(generation);
  }

  private setPlaying(playing: boolean): void {
    if (this.playing === playing) return;
    this.playing = playing;
    this.onSpeaking(playing);
    cancelAnimationFrame(this.frame);
    if (playing) this.meter();
    else this.onLevel(0);
  }

  /** Loudness (RMS of the waveform) 60 times a second, scaled to 0..1. */
  private meter(): void {
    const analyser = this.analyser;
    if (!analyser) return;
    const samples = new Uint8Array(analyser.fftSize);
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      this.onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
      this.frame = requestAnimationFrame(tick);
    };
    tick();
  }
}
