import { probe, type TProbe } from '@rostrum/analysis';

/**
 * The content check of every recording's file, uploaded or fetched from a URL: a real media
 * container (probe() refuses playlists, file lists and other demuxers that read further files)
 * with an audio stream. Null means refuse with the invalid-filetype message.
 */
export async function acceptableMedia(file: string): Promise<TProbe | null> {
  const facts = await probe(file).catch(() => null);
  return facts?.hasAudio ? facts : null;
}
