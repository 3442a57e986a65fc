import { TRIM_LIMITS } from '@rostrum/contract';
import { AnalysisError } from '../analysis-error.js';
import { isAllowedFormat, MEDIA_INPUT_ARGS } from './media-formats.js';
import { runProcess, type TProcessResult } from './run-process.js';

export interface TProbe {
  /**
   * Seconds: the container's, else measured by decoding the audio (MediaRecorder's WebM has no
   * duration in its header); 0 when neither gives one.
   */
  duration: number;
  hasAudio: boolean;
  /** A real video stream (cover art in an MP3 does not count). */
  isVideo: boolean;
  /** ffprobe format name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "wav". */
  format: string;
  channels: number;
  sampleRate: number;
  audioCodec: string | null;
  videoCodec: string | null;
  size: number;
}

interface TFfprobeStream {
  codec_type?: string;
  codec_name?: string;
  channels?: number;
  sample_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}
interface TFfprobeOutput {
  streams?: TFfprobeStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/**
 * ffprobe facts the server needs for upload checks, and the analyser for decoding. Only real
 * media containers are probed (see media-formats.ts): anything else, a playlist or file list
 * above all, fails here as unprocessable without ffprobe opening what it refers to.
 */
export async function probe(file: string, signal?: AbortSignal): Promise<TProbe> {
  let result: TProcessResult;
  try {
    result = await runProcess(
      'ffprobe',
      ['-v', 'error', ...MEDIA_INPUT_ARGS, '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal },
    );
  } catch (e) {
    throw new AnalysisError('unprocessable', 'ffprobe could not start', { cause: e });
  }
  if (result.code !== 0) throw new AnalysisError('unprocessable', result.stderr.trim().slice(0, 300));
  const parsed = JSON.parse(result.stdout) as TFfprobeOutput;
  // ffprobe already refused other demuxers; this keeps the rule if its options were ever lost.
  const format = parsed.format?.format_name ?? 'unknown';
  if (!isAllowedFormat(format)) throw new AnalysisError('unprocessable', `not a media container: ${format}`);
  const streams = parsed.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const durations = [parsed.format?.duration, audio?.duration].map((d) => Number(d)).filter((d) => Number.isFinite(d) && d > 0);
  const duration = durations[0] ?? (audio ? await decodedDuration(file, signal) : 0);
  return {
    duration,
    hasAudio: audio !== undefined,
    isVideo: video !== undefined,
    format,
    channels: audio?.channels ?? 0,
    sampleRate: Number(audio?.sample_rate ?? 0) || 0,
    audioCodec: audio?.codec_name ?? null,
    videoCodec: video?.codec_name ?? null,
    size: Number(parsed.format?.size ?? 0) || 0,
  };
}

/**
 * Decoding stops here: a trim never reaches past it (TRIM_LIMITS.maxEnd), and any longer file is
 * refused as too long anyway, so a huge file costs a bounded decode (about 10 s for two hours).
 */
export const MAX_DECODED_SECONDS = TRIM_LIMITS.maxEnd + 1;

/**
 * The audio's real length by decoding it (`ffmpeg -i f -f null -`), for containers without a
 * duration: browser recordings (MediaRecorder writes WebM as a live stream, with no duration in
 * its header) and some streamed files. 0 when ffmpeg cannot tell.
 */
export async function decodedDuration(file: string, signal?: AbortSignal): Promise<number> {
  let result: TProcessResult;
  try {
    result = await runProcess(
      'ffmpeg',
      [
        '-nostdin',
        '-hide_banner',
        '-v',
        'error',
        '-nostats',
        ...MEDIA_INPUT_ARGS,
        '-i',
        file,
        '-map',
        '0:a:0',
        '-t',
        String(MAX_DECODED_SECONDS),
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-',
      ],
      { signal },
    );
  } catch (e) {
    throw new AnalysisError('unprocessable', 'ffmpeg could not start', { cause: e });
  }
  if (result.code !== 0) return 0;
  // The progress report's last out_time_us is the decoded length (microseconds).
  const times = [...result.stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]) / 1e6);
  const seconds = times.at(-1) ?? 0;
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : 0;
}
