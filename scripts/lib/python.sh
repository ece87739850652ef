# The API-client checks: the committed OpenAPI document (openapi/openapi.json) as generators and
# fuzzers see it, with Python tools pinned in tests/api_clients/requirements.txt. Source this file
# after scripts/lib/postgres.sh and scripts/lib/browser.sh (for browser_db_url and
# browser_free_port), then call python_prerequisites and, when it returns 0,
# run_api_client_tests.
#
#   python_prerequisites   Python 3.10+ with venv and pip: 0 ready; 3 missing outside CI (after a
#                          loud message: the caller skips the step); 1 missing where CI=true (a
#                          failure, never a skip).
#   ensure_python_venv     target/venv with the pinned tools, made again when requirements.txt
#                          changes.
#   run_api_client_tests   the step: the document validated by openapi-spec-validator; a client
#                          generated from it by openapi-python-client into target/api-client; a
#                          debug build of `tapis` serving a fresh database on a free port; the
#                          generated client playing a full match of every game
#                          (tests/api_clients/play_every_game.py); the example bot of
#                          examples/stream_bot.py playing two matches against the computer from
#                          its event stream (tests/api_clients/stream_bot_check.py); then schemathesis over the
#                          whole document against that server, with a bounded number of examples
#                          ($TAPIS_SCHEMATHESIS_EXAMPLES per operation, default 30). The server
#                          is stopped and the database dropped however it ends.

# TAPIS_ROOT and ensure_postgres come from scripts/lib/postgres.sh, sourced first.
TAPIS_PYTHON="${TAPIS_PYTHON:-python3}"
TAPIS_VENV="${TAPIS_VENV:-${CARGO_TARGET_DIR:-$TAPIS_ROOT/target}/venv}"
TAPIS_API_CLIENTS_DIR="$TAPIS_ROOT/tests/api_clients"

python_log() { printf '[api-clients] %s\n' "$*" >&2; }


# Python 3.10 or later, able to make a venv with pip in it.
python_ok() {
  command -v "$TAPIS_PYTHON" >/dev/null 2>&1 || {
    python_log "Python 3.10 or later is needed ($TAPIS_PYTHON not found): install python3 and python3-venv"
    return 1
  }
  "$TAPIS_PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' || {
    python_log "Python 3.10 or later is needed; this is $("$TAPIS_PYTHON" --version 2>&1)"
    return 1
  }
  "$TAPIS_PYTHON" -c 'import venv, ensurepip' 2>/dev/null || {
    python_log "Python's venv and ensurepip modules are missing: install python3-venv"
    return 1
  }
}

# 0 ready; 3 missing outside CI (a loud message was printed: skip); 1 missing in CI.
python_prerequisites() {
  python_ok && return 0
  if in_ci; then
    python_log "CI=true: Python is missing, and a missing Python is a failure, not a skip"
    return 1
  fi
  skip_banner API-CLIENT "Python 3.10+ with venv and pip is not installed (see above)"
  return 3
}

ensure_python_venv() {
  local requirements="$TAPIS_API_CLIENTS_DIR/requirements.txt" stamp="$TAPIS_VENV/.tapis-requirements-sha256" wanted
  wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] && [ -x "$TAPIS_VENV/bin/st" ]; then
    return 0
  fi
  python_log "making $TAPIS_VENV with the pinned tools (requirements.txt changed or no venv yet)"
  rm -rf "$TAPIS_VENV"
  "$TAPIS_PYTHON" -m venv "$TAPIS_VENV" || { python_log "cannot make the venv"; return 1; }
  "$TAPIS_VENV/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$requirements" \
    || { python_log "pip could not install tests/api_clients/requirements.txt"; return 1; }
  printf '%s\n' "$wanted" >"$stamp"
}

# The step, once python_prerequisites said 0. A subshell, so that its trap stops the server and
# drops the database however it ends; every command is checked explicitly.
run_api_client_tests() (
  started=$SECONDS
  ensure_python_venv || exit 1
  document="$TAPIS_ROOT/openapi/openapi.json"
  out="${CARGO_TARGET_DIR:-$TAPIS_ROOT/target}/api-client"
  mkdir -p "$out" || exit 1

  python_log "openapi-spec-validator openapi/openapi.json"
  "$TAPIS_VENV/bin/openapi-spec-validator" "$document" || exit 1

  python_log "openapi-python-client: generating a client into $out/tapis_client"
  rm -rf "$out/tapis_client"
  # Its post-generation hook runs ruff, from the venv.
  (cd "$out" && PATH="$TAPIS_VENV/bin:$PATH" "$TAPIS_VENV/bin/openapi-python-client" generate --path "$document" \
    --config "$TAPIS_API_CLIENTS_DIR/client-config.yaml" --meta none --fail-on-warning \
    --output-path "$out/tapis_client") || { python_log "the client could not be generated"; exit 1; }
  generated=$SECONDS

  test_server_start tapis_api_clients 18500 \
    "${CARGO_TARGET_DIR:-$TAPIS_ROOT/target}/api-clients-server.log" python_log || exit 1
  python_log "server on $base (database $db, log $server_log)"

  failed=0
  play_started=$SECONDS
  python_log "the generated client plays a match of every game"
  PYTHONPATH="$out" TAPIS_BASE_URL="$base" \
    "$TAPIS_VENV/bin/python" "$TAPIS_API_CLIENTS_DIR/play_every_game.py" || failed=1
  play_took=$((SECONDS - play_started))

  if [ "$failed" = 0 ]; then
    python_log "the example bot (examples/stream_bot.py) plays from its event stream"
    TAPIS_BASE_URL="$base" "$TAPIS_VENV/bin/python" "$TAPIS_API_CLIENTS_DIR/stream_bot_check.py" \
      || failed=1
  fi

  fuzz_started=$SECONDS
  if [ "$failed" = 0 ]; then
    python_log "schemathesis over the whole document"
    PYTHONPATH="$out" TAPIS_BASE_URL="$base" \
      TAPIS_SCHEMATHESIS_EXAMPLES="${TAPIS_SCHEMATHESIS_EXAMPLES:-30}" \
      TAPIS_VENV="$TAPIS_VENV" TAPIS_DOCUMENT="$document" \
      "$TAPIS_VENV/bin/python" "$TAPIS_API_CLIENTS_DIR/fuzz.py" || failed=1
  fi
  python_log "validation and generation took $((generated - started)) s, the matches ${play_took} s," \
    "schemathesis $((SECONDS - fuzz_started)) s; the whole step $((SECONDS - started)) s"
  if [ "$failed" != 0 ]; then
    python_log "the API-client tests failed; the server's log (last 40 lines of $server_log):"
    tail -40 "$server_log" >&2 || true
    exit 1
  fi
)
