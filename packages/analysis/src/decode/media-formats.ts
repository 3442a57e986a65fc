// User media is read by ffmpeg, and some ffmpeg demuxers read other files: an HLS playlist, a
// concat script or an SDP file saved as talk.mp3 makes ffmpeg open whatever paths or addresses it
// lists (another recording's audio, a local service). Only real media containers are accepted,
// and ffmpeg itself is told so on every run, so a refused demuxer never gets to open its entries.

/**
 * The ffmpeg demuxers of real recordings: phones (mov for m4a/mp4/3gp from iPhones and Android
 * recorders, amr, aac), browsers (matroska for MediaRecorder's webm, ogg), recorders and editors
 * (wav, w64, mp3, flac, aiff, caf), and common video (asf for wma/wmv, avi, flv, mpeg, mpegts).
 * None of these follow references to other files (mov's external data references stay off, its
 * default). Playlists and file lists (hls, dash, concat, image2, sdp, rtp, lavfi, ...) are absent.
 */
export const ALLOWED_DEMUXERS = [
  'wav',
  'w64',
  'mp3',
  'mov',
  'matroska',
  'ogg',
  'flac',
  'aac',
  'amr',
  'aiff',
  'caf',
  'asf',
  'avi',
  'flv',
  'mpeg',
  'mpegts',
] as const;

/**
 * Input options for every ffmpeg/ffprobe run over user media (they go before `-i`): only local
 * files, and only the demuxers above. ffmpeg checks the format whitelist right after probing,
 * before the demuxer reads its header, so a playlist's entries are never opened.
 */
export const MEDIA_INPUT_ARGS: readonly string[] = ['-protocol_whitelist', 'file,pipe', '-format_whitelist', ALLOWED_DEMUXERS.join(',')];

/**
 * Whether an ffprobe format_name (a comma list such as "mov,mp4,m4a,3gp,3g2,mj2" or
 * "matroska,webm") is one of the allowed demuxers.
 */
export function isAllowedFormat(formatName: string): boolean {
  const allowed: readonly string[] = ALLOWED_DEMUXERS;
  return formatName.split(',').some((name) => allowed.includes(name.trim()));
}
