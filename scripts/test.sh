#!/usr/bin/env bash
# npm test: set up, then every test: unit and API integration (Vitest, against the real
# PostgreSQL) and end-to-end (Playwright in Debian's Chromium). Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test || exit 1
mkdir -p .tmp
rm -f .tmp/vitest.json e2e/.tmp/playwright-results.json

npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
unit=$?
(cd e2e && npx playwright test)
e2e=$?

node scripts/test-summary.mjs .tmp/vitest.json e2e/.tmp/playwright-results.json
summary=$?
[ $unit -eq 0 ] && [ $e2e -eq 0 ] && [ $summary -eq 0 ]
