#!/usr/bin/env bash
# npm test: set up, then the guard rails (lint and format check with Biome; a typecheck of every
# workspace including tests, the web app and the e2e specs; the import rules of
# .dependency-cruiser.cjs; the dead-code check of knip.jsonc) and every test: unit and API
# integration (Vitest, against the real PostgreSQL) and end-to-end (Playwright in Debian's
# Chromium). A failing check fails npm test but the tests still run. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
# Node.js 22 first on PATH (fetched into .tools/node on an older machine): every check and test
# below, the server Playwright starts and its workers run on it.
source scripts/node-env.sh || exit 1
bash scripts/setup.sh test || exit 1
mkdir -p .tmp
rm -f .tmp/vitest.json e2e/.tmp/playwright-results.json

step() { printf '\033[1m[test]\033[0m %s\n' "$*"; }

step 'lint and format check: npx biome ci .'
npx biome ci .
lint=$?
step 'typecheck: npx tsc -b tsconfig.check.json'
npx tsc -b tsconfig.check.json
types=$?
step 'import rules: npm run check:imports'
npm run --silent check:imports
imports=$?
step 'dead code: npm run check:dead-code'
npm run --silent check:dead-code
deadcode=$?

npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
unit=$?
(cd e2e && npx playwright test)
e2e=$?

node scripts/test-summary.mjs .tmp/vitest.json e2e/.tmp/playwright-results.json \
  "lint and format (npx biome ci .)=$lint" "typecheck (npx tsc -b tsconfig.check.json)=$types" \
  "import rules (npm run check:imports)=$imports" "dead code (npm run check:dead-code)=$deadcode"
summary=$?
[ $lint -eq 0 ] && [ $types -eq 0 ] && [ $imports -eq 0 ] && [ $deadcode -eq 0 ] && [ $unit -eq 0 ] && [ $e2e -eq 0 ] && [ $summary -eq 0 ]
