#!/usr/bin/env bash
# Starts Tapis locally: finds or starts PostgreSQL, migrates, and serves on http://localhost:8080.
#
# Uses DATABASE_URL when that database answers; otherwise a private cluster under
# target/postgres with a database named "tapis". Other settings come from the environment
# (see .env.example); TAPIS_BIND defaults to 127.0.0.1:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh

ensure_postgres
if [ "$TAPIS_PG_SOURCE" != "DATABASE_URL" ]; then
  DATABASE_URL="$(ensure_database tapis)"
fi
export DATABASE_URL
export TAPIS_BIND="${TAPIS_BIND:-127.0.0.1:8080}"

cargo build --locked -p tapis-server --bin tapis
./target/debug/tapis migrate
echo "Tapis: http://localhost:${TAPIS_BIND##*:}  (API docs at /api/docs; Ctrl-C stops)"
exec ./target/debug/tapis serve
