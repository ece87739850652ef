# shellcheck shell=bash
# A `tapis serve` on a fresh database, for the steps that test the server from outside: the
# browser tests (scripts/lib/browser.sh) and the API clients (scripts/lib/python.sh).
#
# Call test_server_start in a subshell: it sets `db`, `base`, `server_pid` and `server_log`,
# and a trap that stops the server and drops the database however the subshell ends.
# Needs postgres.sh (ensure_postgres) and browser.sh (browser_db_url, browser_free_port).

# Whether this is CI, where a missing browser, Python or database is a failure, not a skip.
in_ci() { [ "${CI:-}" = true ] || [ "${CI:-}" = 1 ]; }

# skip_banner WHAT WHY: says loudly that the WHAT tests did not run, and why.
skip_banner() {
  local what="$1" line='!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!'
  shift
  {
    printf '%s\n' "$line"
    printf '!! %s TESTS SKIPPED: %s\n' "$what" "$*"
    printf '!! (outside CI only; where CI=true this is a failure)\n'
    printf '%s\n' "$line"
  } >&2
}

# Stops the server and drops its database (the subshell's EXIT trap).
test_server_stop() {
  if [ -n "${server_pid:-}" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  psql "$TAPIS_PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
}

# Builds the workspace's test binaries, the server's and the arena's among them, as the tests
# step builds them (`cargo test --no-run --workspace`): after that step, nothing. Building the
# server alone (`cargo build -p tapis-server`) would select other features of its dependencies
# than the whole workspace's tests do, and rebuild many of them (four minutes on CI's machine).
build_test_binaries() {
  cargo test --workspace --locked --no-run --quiet
}

# test_server_start NAME FIRST_PORT LOG_FILE LOG_FUNCTION
#   Creates the database NAME_<pid>, builds tapis (debug, build_test_binaries), starts it on the first free port
#   from FIRST_PORT in development mode (it migrates its database at start) with its log in
#   LOG_FILE, and waits for /healthz. Says what fails through LOG_FUNCTION; returns 1 then.
test_server_start() {
  local name="$1" first_port="$2" log="$4"
  server_log="$3"
  if [ -z "${TAPIS_PG_ADMIN_URL:-}" ]; then
    ensure_postgres || return 1
  fi
  db="${name}_$$"
  server_pid=""
  trap test_server_stop EXIT
  trap 'exit 130' INT TERM
  local url
  url="$(browser_db_url "$db")"
  psql "$TAPIS_PG_ADMIN_URL" -q -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" \
    -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" -c "CREATE DATABASE \"$db\"" >/dev/null \
    || { "$log" "cannot create the database $db"; return 1; }

  "$log" "building tapis (debug)"
  build_test_binaries || return 1
  local bin="${CARGO_TARGET_DIR:-$TAPIS_ROOT/target}/debug/tapis"
  local port
  port="$(browser_free_port "$first_port")" \
    || { "$log" "no free port from $first_port to $((first_port + 199))"; return 1; }
  base="http://127.0.0.1:$port"
  mkdir -p "$(dirname "$server_log")" || return 1
  DATABASE_URL="$url" \
    TAPIS_ENV=development \
    TAPIS_BIND="127.0.0.1:$port" \
    TAPIS_JWT_SECRET="$name-tests-only-$(date +%s%N)-0123456789abcdef" \
    TAPIS_LOG_FORMAT=text \
    TAPIS_SIGN_UPS_PER_ADDRESS=1000000 \
    TAPIS_STREAMS_PER_ADDRESS=1000 \
    RUST_LOG="${RUST_LOG:-warn}" \
    "$bin" serve >"$server_log" 2>&1 &
  server_pid=$!
  local status=""
  for _ in $(seq 1 300); do
    if ! kill -0 "$server_pid" 2>/dev/null; then
      cat "$server_log" >&2
      server_pid=""
      "$log" "the server exited before answering"
      return 1
    fi
    status="$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz" || true)"
    [ "$status" = 200 ] && return 0
    sleep 0.2
  done
  tail -40 "$server_log" >&2
  "$log" "/healthz did not answer 200 within 60 s"
  return 1
}
