#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, the purity guard of the rules crate, every test
# (rules, database and HTTP) against a real PostgreSQL found or started like run.sh does, and
# the browser tests in headless Chromium (scripts/lib/browser.sh).
#
#   scripts/test.sh                              everything
#   scripts/test.sh --browser-only [ARGS...]     only the browser tests; ARGS go to `node --test`
#                                                (e.g. --test-name-pattern=invitation)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh
source scripts/lib/browser.sh

step() { printf '\n==> %s\n' "$*"; }

browser_only=false
if [ "${1:-}" = --browser-only ]; then
  browser_only=true
  shift
elif [ $# -gt 0 ]; then
  echo "usage: scripts/test.sh [--browser-only [node --test arguments...]]" >&2
  exit 2
fi

# Runs the browser step; sets browser_outcome to "passed" or "SKIPPED" (or exits on failure).
browser_step() {
  step "browser tests (headless Chromium)"
  local ready=0
  browser_prerequisites || ready=$?
  case "$ready" in
    0) run_browser_tests "$@"; browser_outcome=passed ;;
    3) browser_outcome=SKIPPED ;;
    *) exit 1 ;;
  esac
}

if [ "$browser_only" = true ]; then
  step "PostgreSQL"
  ensure_postgres
  browser_step "$@"
  if [ "$browser_outcome" = SKIPPED ]; then
    step "browser tests SKIPPED (Chromium or Node missing: see above)"
    exit 0
  fi
  step "browser tests passed"
  exit 0
fi

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

browser_step

if [ "$browser_outcome" = SKIPPED ]; then
  step "all checks passed EXCEPT the browser tests, which were SKIPPED (see above)"
else
  step "all checks passed"
fi
