import { RECORDING_LIMITS } from '@rostrum/contract';

// Microphone capture for the Record tab (spec 001 sections 4 and 9): mono 16 kHz without
// browser processing, MediaRecorder (webm/opus in Chromium), a 10 ms silence watch on an
// AnalyserNode, and a short buzzer when the microphone gives only silence.

const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export interface TCaptureResult {
  blob: Blob;
  mimeType: string;
  seconds: number;
}

export class AudioCapture {
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private silenceTimer: number | undefined;
  private startedAt = 0;

  /** Asks for the microphone; rejects when the user or the system refuses. */
  async open(): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        channelCount: 1,
        sampleRate: RECORDING_LIMITS.sampleRate,
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    });
  }

  /**
   * Starts recording; onSilence fires after 600 consecutive zero-volume checks (about 6 s).
   * onData gets each second's encoded bytes as they come (the live upload sends them on).
   */
  start(onSilence: () => void, onData?: (blob: Blob) => void): void {
    if (!this.stream) throw new Error('Microphone not open');
    const mimeType = PREFERRED_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
    this.chunks = [];
    this.recorder = new MediaRecorder(this.stream, mimeType ? { mimeType, audioBitsPerSecond: 48_000 } : undefined);
    this.recorder.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      this.chunks.push(e.data);
      onData?.(e.data);
    };
    this.recorder.start(1000);
    this.startedAt = performance.now();
    this.watchSilence(onSilence);
  }

  /** The open microphone's stream (the live cues tap it); null before open() and after release(). */
  get mediaStream(): MediaStream | null {
    return this.stream;
  }

  /** The recorder's type (with codecs), once recording has started. */
  get mimeType(): string {
    return this.recorder?.mimeType || 'audio/webm';
  }

  elapsedSeconds(): number {
    return this.startedAt ? (performance.now() - this.startedAt) / 1000 : 0;
  }

  private watchSilence(onSilence: () => void): void {
    if (!this.stream) return;
    try {
      this.context = new AudioContext();
      const source = this.context.createMediaStreamSource(this.stream);
      const analyser = this.context.createAnalyser();
      analyser.fftSize = 512;
      source.connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let silentChecks = 0;
      this.silenceTimer = window.setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        let peak = 0;
        for (const s of samples) peak = Math.max(peak, Math.abs(s));
        silentChecks = peak === 0 ? silentChecks + 1 : 0;
        if (silentChecks >= RECORDING_LIMITS.silenceChecks) {
          window.clearInterval(this.silenceTimer);
          onSilence();
        }
      }, 10);
    } catch {
      // No Web Audio: recording still works, only the silence watch is skipped.
    }
  }

  /** Stops and returns the audio held locally. */
  stop(): Promise<TCaptureResult> {
    const recorder = this.recorder;
    const seconds = this.elapsedSeconds();
    window.clearInterval(this.silenceTimer);
    return new Promise((resolve) => {
      const finish = () => {
        const mimeType = recorder?.mimeType || 'audio/webm';
        const blob = new Blob(this.chunks, { type: mimeType.split(';')[0] });
        this.release();
        resolve({ blob, mimeType, seconds });
      };
      if (!recorder || recorder.state === 'inactive') return finish();
      recorder.onstop = finish;
      recorder.stop();
    });
  }

  /** Releases the microphone and the audio graph. */
  release(): void {
    window.clearInterval(this.silenceTimer);
    if (this.recorder && this.recorder.state !== 'inactive') {
      this.recorder.onstop = null;
      this.recorder.stop();
    }
    this.recorder = null;
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    this.stream = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.startedAt = 0;
  }
}

/** A short low buzz (Web Audio square wave) that tells the speaker something went wrong. */
export function playBuzzer(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'square';
    osc.frequency.value = 150;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.5);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.5);
    osc.onended = () => void ctx.close();
  } catch {
    // No audio output available.
  }
}

export function fileExtensionFor(mimeType: string): string {
  if (mimeType.includes('ogg')) return 'ogg';
  if (mimeType.includes('mp4')) return 'm4a';
  return 'webm';
}
