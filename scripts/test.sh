#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, the purity guard of the rules crate, and every
# test (rules, database and HTTP), against a real PostgreSQL found or started like run.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "tapis-games stays pure (no diesel, actix, tokio or rand among its normal dependencies)"
impure=$(cargo tree --locked -p tapis-games -e normal --prefix none --format '{p}' \
  | awk '{print $1}' | grep -E '^(diesel|diesel-async|diesel_migrations|actix.*|tokio.*|rand.*)$' | sort -u || true)
if [ -n "$impure" ]; then
  echo "tapis-games must not depend on: $impure" >&2
  exit 1
fi

step "PostgreSQL"
ensure_postgres
export TAPIS_TEST_DATABASE_URL="$TAPIS_PG_ADMIN_URL"

step "tests"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --locked --no-fail-fast
  cargo test --workspace --locked --doc
else
  cargo test --workspace --locked --no-fail-fast
fi

step "all checks passed"
