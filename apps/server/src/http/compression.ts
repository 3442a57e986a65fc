import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How the API compresses its answers (@fastify/compress): JSON, CSV, WebVTT and the waveform's
 * peaks and voice lanes are text that shrinks to a fifth or less; a 15-minute recording's
 * results, peaks and lanes are about 1 MB as they are. Brotli at quality 4 is about as fast as
 * gzip at its default level; zlib's default brotli quality, 11, would cost the server hundreds of
 * milliseconds per long recording. Gzip for clients without brotli. Media (audio/video) is
 * not compressible and Range answers are never compressed, so seeking is unaffected. Request
 * bodies are not decompressed: nothing sends them compressed, and a small compressed body
 * could expand past the body limit's intent.
 */
export const apiCompression: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
  globalDecompression: false,
};
