#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, the house rules (file length, import circles),
# the purity guard of the rules crate, every test
# (rules, database and HTTP) against a real PostgreSQL found or started like run.sh does, and
# the browser tests in headless Chromium (scripts/lib/browser.sh), and the API-client checks of
# the OpenAPI document with pinned Python tools (scripts/lib/python.sh).
#
#   scripts/test.sh                              everything
#   scripts/test.sh --browser-only [ARGS...]     only the browser tests; ARGS go to `node --test`
#                                                (e.g. --test-name-pattern=invitation)
#   scripts/test.sh --api-clients-only           only the API-client checks: openapi-spec-validator,
#                                                a generated Python client playing every game,
#                                                schemathesis over the whole document
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh
source scripts/lib/browser.sh
source scripts/lib/test_server.sh
source scripts/lib/python.sh

step() { printf '\n==> %s\n' "$*"; }

browser_only=false
api_clients_only=false
if [ "${1:-}" = --browser-only ]; then
  browser_only=true
  shift
elif [ "${1:-}" = --api-clients-only ] && [ $# = 1 ]; then
  api_clients_only=true
  shift
elif [ $# -gt 0 ]; then
  echo "usage: scripts/test.sh [--browser-only [node --test arguments...] | --api-clients-only]" >&2
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

# Runs the API-client step; sets api_clients_outcome to "passed" or "SKIPPED" (or exits on
# failure).
api_clients_step() {
  step "API clients: openapi-spec-validator, a generated Python client, schemathesis"
  local ready=0
  python_prerequisites || ready=$?
  case "$ready" in
    0) run_api_client_tests || exit 1; api_clients_outcome=passed ;;
    3) api_clients_outcome=SKIPPED ;;
    *) exit 1 ;;
  esac
}

if [ "$api_clients_only" = true ]; then
  step "PostgreSQL"
  ensure_postgres
  api_clients_step
  step "API-client tests $api_clients_outcome"
  exit 0
fi

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

step "no source file over 600 lines (the code before its test module; docs/ARCHITECTURE.md, House rules)"
long_files=$(git ls-files '*.rs' | grep -v -E '(^|/)(tests|benches)/|(^|/)tests(_[^/]*)?\.rs$' | while read -r f; do
  n=$(awk '/^#\[cfg\(test\)\]/ { exit } { n++ } END { print n + 0 }' "$f")
  [ "$n" -gt 600 ] && echo "$f: $n lines"
done || true)
if [ -n "$long_files" ]; then
  echo "$long_files" >&2
  exit 1
fi

step "no import circle between source files (docs/ARCHITECTURE.md, House rules)"
if python_ok; then
  "$TAPIS_PYTHON" scripts/lib/import_circles.py .
elif in_ci; then
  exit 1
else
  echo "import circles NOT CHECKED: no Python 3.10+ (see above)" >&2
fi

# stays_pure CRATE PATTERN: fails when a normal dependency of CRATE matches PATTERN.
stays_pure() {
  local impure
  impure=$(cargo tree --locked -p "$1" -e normal --prefix none --format '{p}' \
    | awk '{print $1}' | grep -E "^($2)\$" | sort -u || true)
  if [ -n "$impure" ]; then
    echo "$1 must not depend on: $impure" >&2
    exit 1
  fi
}

step "tapis-games, tapis-bots and tapis-tournaments stay pure (no database, web, async runtime; no randomness in the rules)"
stays_pure tapis-games 'diesel|diesel-async|diesel_migrations|actix.*|tokio.*|rand.*'
stays_pure tapis-bots 'diesel|diesel-async|diesel_migrations|actix.*|tokio.*'
stays_pure tapis-tournaments 'diesel|diesel-async|diesel_migrations|actix.*|tokio.*|rand.*'

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

step "arena smoke run (a few matches of every game; strength is a benchmark, not checked here)"
# The test build's arena (the tests step built it; the rules and the bots are optimised in
# test builds too), not a release build of its own: CI builds the workspace once.
build_test_binaries
for game in linotte yam-master linja 5000 421 cant-stop yams make-five; do
  "${CARGO_TARGET_DIR:-target}/debug/arena" --game "$game" --a strong --b random --games 2 | tail -n 1
done
"${CARGO_TARGET_DIR:-target}/debug/arena" --game yams --a frequent --solitaire --games 2 | tail -n 1

browser_step
api_clients_step

skipped=()
[ "$browser_outcome" = SKIPPED ] && skipped+=("the browser tests")
[ "$api_clients_outcome" = SKIPPED ] && skipped+=("the API-client tests")
if [ ${#skipped[@]} -gt 0 ]; then
  what="${skipped[0]}"
  [ ${#skipped[@]} -gt 1 ] && what="$what and ${skipped[1]}"
  step "all checks passed EXCEPT $what, which were SKIPPED (see above)"
else
  step "all checks passed"
fi
