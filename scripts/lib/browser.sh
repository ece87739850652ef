# The browser tests: Tapis's pages in a real headless Chromium (tests/browser). Source this file
# after scripts/lib/postgres.sh, then call browser_prerequisites and, when it returns 0,
# run_browser_tests.
#
#   ensure_chromium        finds Chromium ($TAPIS_CHROMIUM, default /usr/bin/chromium), or installs
#                          Debian's `chromium` package with apt-get (as root, or with sudo when
#                          it needs no password); otherwise prints the command to run and fails.
#   browser_prerequisites  Chromium and Node.js 20+: 0 ready; 3 missing outside CI (after a loud
#                          message: the caller skips the step); 1 missing where CI=true (a
#                          missing browser in CI is a failure, never a skip).
#   ensure_browser_deps    runs `npm ci` in tests/browser when node_modules is missing or was
#                          installed from another package-lock.json.
#   run_browser_tests      the step: ensure_browser_deps, a debug build of `tapis`, a fresh
#                          database, `tapis serve` on a free port (TAPIS_ENV=development), the
#                          tests against it (TAPIS_BASE_URL), then the server stopped and the
#                          database dropped however it ends. Screenshots go to
#                          $TAPIS_SCREENSHOT_DIR (default target/browser-screenshots).

# TAPIS_ROOT and ensure_postgres come from scripts/lib/postgres.sh, sourced first.
TAPIS_CHROMIUM="${TAPIS_CHROMIUM:-/usr/bin/chromium}"
TAPIS_BROWSER_DIR="$TAPIS_ROOT/tests/browser"
TAPIS_SCREENSHOT_DIR="${TAPIS_SCREENSHOT_DIR:-$TAPIS_ROOT/target/browser-screenshots}"

browser_log() { printf '[browser] %s\n' "$*" >&2; }

ensure_chromium() {
  if [ -x "$TAPIS_CHROMIUM" ]; then
    return 0
  fi
  if [ "$TAPIS_CHROMIUM" = /usr/bin/chromium ]; then
    apt_install browser_log chromium || true
    if [ -x "$TAPIS_CHROMIUM" ]; then
      browser_log "installed: $("$TAPIS_CHROMIUM" --version 2>/dev/null || echo chromium)"
      return 0
    fi
  fi
  browser_log "Chromium not found at $TAPIS_CHROMIUM. Install it (and set TAPIS_CHROMIUM to its"
  browser_log "binary if it is not /usr/bin/chromium), then run this again:"
  install_hint browser_log chromium chromium "--cask chromium"
  return 1
}

# Node 20 or later, for node:test and playwright-core.
browser_node_ok() {
  local major
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || {
    browser_log "Node.js 20 or later (with npm) is needed: https://nodejs.org/ or your package manager"
    return 1
  }
  major="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$major" -lt 20 ]; then
    browser_log "Node.js 20 or later is needed; this is $(node --version)"
    return 1
  fi
}

ensure_browser_deps() {
  local stamp="$TAPIS_BROWSER_DIR/node_modules/.tapis-lock-sha256" wanted
  wanted="$(sha256sum "$TAPIS_BROWSER_DIR/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ] \
    && [ -d "$TAPIS_BROWSER_DIR/node_modules/playwright-core" ] \
    && [ -f "$TAPIS_BROWSER_DIR/node_modules/axe-core/axe.min.js" ]; then
    return 0
  fi
  browser_log "npm ci in tests/browser (node_modules missing or from another package-lock.json)"
  # Playwright's own browser downloads are not used: the tests drive the system's Chromium.
  (cd "$TAPIS_BROWSER_DIR" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error) \
    || { browser_log "npm ci failed in tests/browser"; return 1; }
  printf '%s\n' "$wanted" >"$stamp"
}

# The URL of database $1 on the same server as TAPIS_PG_ADMIN_URL (query string kept).
browser_db_url() {
  printf '%s\n' "$TAPIS_PG_ADMIN_URL" | sed -E "s#^(postgres(ql)?://[^/]*)/[^?]*#\\1/$1#"
}

# The first port from $1 that nothing listens on.
browser_free_port() {
  local port="$1"
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    port=$((port + 1))
    [ "$port" -lt $(($1 + 200)) ] || return 1
  done
  echo "$port"
}

# Chromium and Node, or why not: 0 ready; 3 missing outside CI (a loud message was printed: skip);
# 1 missing in CI (CI=true), which is a failure.
browser_prerequisites() {
  local why=""
  if ! ensure_chromium; then
    why="Chromium is not installed (see above)"
  elif ! browser_node_ok; then
    why="Node.js 20+ and npm are not installed (see above)"
  fi
  [ -n "$why" ] || return 0
  if in_ci; then
    browser_log "CI=true: $why, and a missing browser is a failure, not a skip"
    return 1
  fi
  skip_banner BROWSER "$why"
  return 3
}

# The browser step, once browser_prerequisites said 0. It runs in a subshell, so that its trap
# stops the server and drops the database however it ends; every command is checked explicitly
# (it may be called where `set -e` does not apply). Extra arguments go to `node --test` (for
# example --test-name-pattern=lobby).
run_browser_tests() (
  started=$SECONDS
  ensure_browser_deps || exit 1
  test_server_start tapis_browser 18300 "$TAPIS_ROOT/target/browser-server.log" browser_log \
    || exit 1
  browser_log "server on $base (database $db, log $server_log), ready after $((SECONDS - started)) s"

  rm -rf "$TAPIS_SCREENSHOT_DIR" && mkdir -p "$TAPIS_SCREENSHOT_DIR" || exit 1
  tests_started=$SECONDS
  status=0
  (cd "$TAPIS_BROWSER_DIR" && TAPIS_BASE_URL="$base" TAPIS_CHROMIUM="$TAPIS_CHROMIUM" \
    TAPIS_SCREENSHOT_DIR="$TAPIS_SCREENSHOT_DIR" \
    node --test --test-concurrency=1 --test-reporter=spec "$@" tests/) || status=$?
  browser_log "the tests took $((SECONDS - tests_started)) s; the whole step $((SECONDS - started)) s"
  browser_log "$(find "$TAPIS_SCREENSHOT_DIR" -name '*.png' | wc -l) screenshots in $TAPIS_SCREENSHOT_DIR"
  if [ "$status" != 0 ]; then
    browser_log "the browser tests failed; the server's log (last 40 lines of $server_log):"
    tail -40 "$server_log" >&2 || true
    exit "$status"
  fi
)
