import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files that shrink when compressed; fonts (woff2), images and source maps are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
/** Below this a compressed copy saves less than the response headers weigh. */
export const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file of at least MIN_BYTES in `dir`, each only when it is smaller than the file. The server sends
 * them as they are (@fastify/static `preCompressed`), so nothing is compressed per request.
 * Returns the files that got compressed copies.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const done: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const raw = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      let wrote = false;
      if (br.length < raw.length) {
        await writeFile(`${file}.br`, br);
        wrote = true;
      }
      if (gzipped.length < raw.length) {
        await writeFile(`${file}.gz`, gzipped);
        wrote = true;
      }
      if (wrote) done.push(file);
    }),
  );
  return done.sort();
}

/** Vite plugin: precompresses the build output (client build only) once every file is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'rostrum:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.build.write === false) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = await precompressDir(outDir);
      config.logger.info(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
