#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian machine with Node 20: Node.js 22 LTS (scripts/node-env.sh:
# into .tools/node when the machine's node is older), system packages (apt-get, only when
# missing), npm ci (only when the lockfile changed), build (incremental).
# Usage: scripts/setup.sh start|test|bench (start.sh, test.sh and bench.sh source node-env.sh
# themselves first, so their own commands run on the same Node).
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-start}"

log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# --- Node.js 22 LTS (first: everything below runs on it) --------------------------------------
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
log "Node.js $(node -v) ($(command -v node))"

# --- system packages -------------------------------------------------------------------------
# espeak-ng also serves the analysis: it pronounces word-spotting phrases the recogniser's
# dictionary lacks (product names, numbers).
packages=(ffmpeg pocketsphinx pocketsphinx-en-us espeak-ng)
# flite: a second speech synthesiser, more natural than espeak-ng, for the word-spotting benchmark.
if [ "$purpose" != start ]; then
  packages+=(chromium sox praat flite fonts-dejavu-core)
fi
if [ "$purpose" = test ] && ! command -v pg_isready >/dev/null; then
  packages+=(postgresql)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing system packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- PostgreSQL for the API tests (127.0.0.1:5432, trust auth, database test) ------------------
if [ "$purpose" = test ] && [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    log "starting PostgreSQL"
    cluster=$(ls /etc/postgresql | sort -V | tail -1)
    hba="/etc/postgresql/$cluster/main/pg_hba.conf"
    # A cluster installed by this script gets trust auth on loopback only, as the tests expect.
    grep -q '^host all all 127.0.0.1/32 trust' "$hba" || sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
    pg_ctlcluster --skip-systemctl-redirect "$cluster" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  psql -h 127.0.0.1 -U postgres -d postgres -Atqc "select 1 from pg_database where datname='test'" | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -d postgres -qc 'create database test'
fi

# --- npm dependencies ------------------------------------------------------------------------
stamp=node_modules/.rostrum-lock-hash
hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
  log "installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$hash" > "$stamp"
fi

# --- build -----------------------------------------------------------------------------------
log "building (incremental)"
npx tsc -b
# The web client's types and calls come from the server's OpenAPI document (one typed seam): regenerated on
# every build, so a server change the web does not follow fails the web typecheck and build.
mkdir -p .tmp
node apps/server/dist/openapi/write-openapi.js .tmp/openapi.json
npx openapi-typescript .tmp/openapi.json -o .tmp/openapi.gen.ts --silent >/dev/null
cmp -s .tmp/openapi.gen.ts apps/web/src/api/openapi.gen.ts || cp .tmp/openapi.gen.ts apps/web/src/api/openapi.gen.ts
# ...and its operations table (one function per operationId), so a new route needs no client line.
# The flag: Node 22.12-22.17 strip TypeScript's types only when asked.
node --experimental-strip-types --disable-warning=ExperimentalWarning apps/web/build/write-operations.ts .tmp/openapi.json apps/web/src/api/operations.gen.ts
web_out=apps/web/dist/index.html
if [ ! -f "$web_out" ] || [ -n "$(find apps/web/src apps/web/build apps/web/index.html apps/web/vite.config.ts packages/contract/src -newer "$web_out" -print -quit 2>/dev/null)" ]; then
  log "building the web app"
  npm run build -w @rostrum/web --silent
fi
