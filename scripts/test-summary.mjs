// Adds up the Vitest and Playwright JSON reports into one closing line: "N passed, N failed".
// Further arguments "name=exit status" are the guard rails run before the tests (lint, typecheck):
// each one that failed is named and counted as one failed test.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile, ...checks] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

if (existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests;
  // A file that failed without a failing test (it could not load, a hook threw) counts once.
  const brokenFiles = (v.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  failed += v.numFailedTests + brokenFiles;
  skipped += v.numPendingTests + v.numTodoTests;
} else missing.push('unit and API tests');

if (existsSync(playwrightFile)) {
  const s = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
} else missing.push('end-to-end tests');

for (const m of missing) console.log(`No report from the ${m}: counted as failed.`);
failed += missing.length;

for (const check of checks) {
  const at = check.lastIndexOf('=');
  const [name, status] = [check.slice(0, at), check.slice(at + 1)];
  if (status === '0') continue;
  console.log(`Check failed: ${name} (exit status ${status}): counted as failed.`);
  failed += 1;
}
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
