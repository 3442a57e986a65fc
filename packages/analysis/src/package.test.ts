import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const run = promisify(execFile);

describe('package layout', () => {
  it('links the CLI through a committed shim, so npm ci can link it before the build', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin['rostrum-analyze']).toBe('./bin/rostrum-analyze.js');
    const shim = join(ROOT, 'bin', 'rostrum-analyze.js');
    accessSync(shim, constants.X_OK);
    expect(readFileSync(shim, 'utf8')).toBe("#!/usr/bin/env node\nimport '../dist/cli.js';\n");
  });

  it('keeps test-only modules out of the build', () => {
    const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { exclude: string[] };
    expect(tsconfig.exclude).toEqual(expect.arrayContaining(['src/**/*.test.ts', 'src/testing/**']));
    expect(existsSync(join(ROOT, 'dist')), 'the build (npm test builds first)').toBe(true);
    expect(existsSync(join(ROOT, 'dist', 'testing'))).toBe(false);
  });

  // npm test builds before it tests, so an unbuilt tree is a failure here, not a reason to skip.
  it('runs the built CLI through the shim', async () => {
    expect(existsSync(join(ROOT, 'dist', 'cli.js')), 'dist/cli.js (npm test builds first)').toBe(true);
    const { stdout, stderr } = await run(join(ROOT, 'bin', 'rostrum-analyze.js'), ['--help']);
    expect(stdout + stderr).toContain('Usage: rostrum-analyze FILE');
  });
});
