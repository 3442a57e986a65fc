#!/usr/bin/env bash
# npm start: set up on first run, then serve Rostrum on the embedded default (PGlite under
# ./data, local media, outbox mail) with demo data on an empty database.
set -euo pipefail
cd "$(dirname "$0")/.."
# Node.js 22 first on PATH (fetched into .tools/node on an older machine), for set-up and server.
source scripts/node-env.sh
bash scripts/setup.sh start
exec node apps/server/dist/main.js --seed-demo
