import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes .br and .gz copies of compressible files that decode to the file, and leaves the rest alone', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `export const words = ${JSON.stringify('speak clearly and slowly '.repeat(200))};\n`;
    const css = `.a { color: red; }\n`.repeat(100);
    const html = `<!doctype html><title>Rostrum</title>${'<p>hello</p>'.repeat(200)}`;
    const files: Record<string, string | Buffer> = {
      'assets/index-Abc.js': js,
      'assets/index-Abc.css': css,
      'index.html': html,
      'assets/tiny-Xyz.js': 'export const x = 1;\n',
      'assets/index-Abc.js.map': JSON.stringify({ version: 3, mappings: 'A'.repeat(5000) }),
      'assets/font-Abc.woff2': Buffer.alloc(4000, 7),
    };
    for (const [rel, body] of Object.entries(files)) writeFileSync(path.join(dir, rel), body);

    const done = await precompressDir(dir);

    expect(done.map((f) => path.relative(dir, f))).toEqual(['assets/index-Abc.css', 'assets/index-Abc.js', 'index.html']);
    for (const [rel, body] of [
      ['assets/index-Abc.js', js],
      ['assets/index-Abc.css', css],
      ['index.html', html],
    ] as const) {
      const br = readFileSync(path.join(dir, `${rel}.br`));
      const gz = readFileSync(path.join(dir, `${rel}.gz`));
      expect(brotliDecompressSync(br).toString()).toBe(body);
      expect(gunzipSync(gz).toString()).toBe(body);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(Buffer.byteLength(body));
    }
    // Too small to gain, a source map (never served) and a font (already compressed): no copies.
    expect(Buffer.byteLength('export const x = 1;\n')).toBeLessThan(MIN_BYTES);
    for (const rel of ['assets/tiny-Xyz.js', 'assets/index-Abc.js.map', 'assets/font-Abc.woff2']) {
      expect(existsSync(path.join(dir, `${rel}.br`)), rel).toBe(false);
      expect(existsSync(path.join(dir, `${rel}.gz`)), rel).toBe(false);
    }
  });

  it('writes no copy that would be larger than the file', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rostrum-precompress-'));
    // Random bytes do not compress: brotli and gzip would only add their framing.
    const noise = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
    writeFileSync(path.join(dir, 'data.json'), noise);
    expect(await precompressDir(dir)).toEqual([]);
    expect(existsSync(path.join(dir, 'data.json.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'data.json.gz'))).toBe(false);
  });
});
