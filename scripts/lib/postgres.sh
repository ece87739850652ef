# Finds or starts a PostgreSQL server for Tapis. Source this file, then call ensure_postgres.
#
# On return, TAPIS_PG_ADMIN_URL points at a maintenance database of a running server where
# databases may be created, and TAPIS_PG_SOURCE says where it came from:
#   - DATABASE_URL, when it is set and that database answers;
#   - otherwise a private cluster under target/postgres (initdb + pg_ctl, started if needed,
#     port 55432 on 127.0.0.1 by default, fsync off: it holds development and test data only).
# When PostgreSQL is not installed it is installed with apt-get when possible (as root), or the
# exact command to run is printed.

TAPIS_ROOT="${TAPIS_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
TAPIS_PG_DIR="${TAPIS_PG_DIR:-$TAPIS_ROOT/target/postgres}"
TAPIS_PG_PORT="${TAPIS_PG_PORT:-55432}"

pg_log() { printf '[postgres] %s\n' "$*" >&2; }

# Prints the directory holding initdb and pg_ctl, or nothing.
pg_bindir() {
  local candidate
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return
  fi
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) \
                   /usr/local/pgsql/bin /opt/homebrew/bin /usr/local/bin; do
    if [ -x "$candidate/pg_ctl" ] && [ -x "$candidate/initdb" ]; then
      echo "$candidate"
      return
    fi
  done
}

# apt_install LOG PACKAGE: installs a Debian package with apt-get, as root or with a sudo that
# needs no password; returns 1 at once when neither is possible, saying nothing.
apt_install() {
  local log="$1" package="$2"
  local -a as_root=()
  command -v apt-get >/dev/null 2>&1 || return 1
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || return 1
    as_root=(sudo -n)
  fi
  "$log" "$package is not installed: installing Debian's $package package with apt-get"
  "${as_root[@]}" apt-get update -qq \
    && "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
}

# install_hint LOG APT_PACKAGE DNF_PACKAGE BREW_ARGS: says how to install what is missing.
install_hint() {
  local log="$1"
  if command -v apt-get >/dev/null 2>&1; then
    "$log" "  sudo apt-get update && sudo apt-get install -y $2"
  elif command -v dnf >/dev/null 2>&1; then
    "$log" "  sudo dnf install -y $3"
  elif command -v brew >/dev/null 2>&1; then
    "$log" "  brew install $4"
  else
    "$log" "  (use your system's package manager)"
  fi
}

pg_install() {
  apt_install pg_log postgresql && return 0
  pg_log "PostgreSQL is not installed. Install it, then run this again:"
  install_hint pg_log postgresql postgresql-server postgresql
  return 1
}

# Runs a command as the owner of the private cluster (PostgreSQL refuses to run as root).
pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u "$TAPIS_PG_OWNER" -- "$@"
  else
    "$@"
  fi
}

pg_private_cluster() {
  local bindir data socket
  bindir="$(pg_bindir)"
  if [ -z "$bindir" ]; then
    pg_install || return 1
    bindir="$(pg_bindir)"
    [ -n "$bindir" ] || { pg_log "initdb and pg_ctl still not found"; return 1; }
  fi
  data="$TAPIS_PG_DIR/data"
  socket="$TAPIS_PG_DIR/socket"
  TAPIS_PG_OWNER="$(id -un)"
  if [ "$(id -u)" = 0 ]; then
    TAPIS_PG_OWNER=postgres
    if ! id postgres >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
  fi
  mkdir -p "$TAPIS_PG_DIR" "$socket"
  if [ "$(id -u)" = 0 ]; then chown "$TAPIS_PG_OWNER" "$TAPIS_PG_DIR" "$socket"; fi
  if [ ! -s "$data/PG_VERSION" ]; then
    pg_log "creating a private cluster in $data"
    pg_as_owner "$bindir/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  if ! pg_as_owner "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    pg_log "starting the private cluster on 127.0.0.1:$TAPIS_PG_PORT"
    pg_as_owner "$bindir/pg_ctl" -D "$data" -l "$TAPIS_PG_DIR/server.log" -w -t 60 \
      -o "-p $TAPIS_PG_PORT -k $socket -c listen_addresses=127.0.0.1 -c fsync=off \
          -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null \
      || { pg_log "the cluster did not start; see $TAPIS_PG_DIR/server.log"; tail -20 "$TAPIS_PG_DIR/server.log" >&2; return 1; }
  fi
  TAPIS_PG_ADMIN_URL="postgres://postgres@127.0.0.1:$TAPIS_PG_PORT/postgres"
  TAPIS_PG_SOURCE="private cluster in $TAPIS_PG_DIR"
}

# The same server as $1, with its database replaced by "postgres".
pg_admin_url_of() {
  printf '%s\n' "$1" | sed -E 's#^(postgres(ql)?://[^/]*)(/[^?]*)?#\1/postgres#'
}

pg_answers() {
  command -v psql >/dev/null 2>&1 && psql "$1" -Atqc 'SELECT 1' >/dev/null 2>&1
}

ensure_postgres() {
  if [ -n "${DATABASE_URL:-}" ] && pg_answers "$DATABASE_URL"; then
    TAPIS_PG_ADMIN_URL="$(pg_admin_url_of "$DATABASE_URL")"
    TAPIS_PG_SOURCE="DATABASE_URL"
  else
    if [ -n "${DATABASE_URL:-}" ]; then
      pg_log "DATABASE_URL does not answer; using a private cluster instead"
    fi
    pg_private_cluster || return 1
  fi
  export TAPIS_PG_ADMIN_URL TAPIS_PG_SOURCE
  pg_log "using PostgreSQL from the $TAPIS_PG_SOURCE"
}

# Creates database $1 on the admin server if it is missing; prints its URL.
ensure_database() {
  local name="$1" url
  url="$(printf '%s\n' "$TAPIS_PG_ADMIN_URL" | sed -E "s#/postgres\$#/$name#")"
  if ! psql "$TAPIS_PG_ADMIN_URL" -Atqc "SELECT 1 FROM pg_database WHERE datname = '$name'" | grep -q 1; then
    psql "$TAPIS_PG_ADMIN_URL" -qc "CREATE DATABASE \"$name\"" >/dev/null
  fi
  printf '%s\n' "$url"
}
