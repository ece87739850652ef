#!/usr/bin/env bash
# Capacity under a flood (docs/limits.md): starts a Tapis server with the production quotas
# on a fresh database, then runs scripts/capacity.py against it: one address floods it with
# each kind of request the quotas guard (event streams, sign-ups, matches against the
# computer, verification mails), one after the other, while a second client plays normally;
# prints the second client's move latency (p50, p99) in each phase.
#
#   scripts/capacity.sh [--release] [--seconds S]      (debug build and 20 s per phase by default)
#
# Not a test, not in CI: the figures depend on the machine and whatever else runs on it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh

profile=debug
seconds=20
while [ $# -gt 0 ]; do
  case "$1" in
    --release) profile=release; shift ;;
    --seconds) seconds="$2"; shift 2 ;;
    *) printf 'capacity: unknown argument %s\n' "$1" >&2; exit 2 ;;
  esac
done

ensure_postgres
db="tapis_capacity"
psql "$TAPIS_PG_ADMIN_URL" -q -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" \
  -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" -c "CREATE DATABASE \"$db\"" >/dev/null
app_url="$(printf '%s' "$TAPIS_PG_ADMIN_URL" | sed -E "s#/[^/?]*(\?|$)#/$db\1#")"

if [ "$profile" = release ]; then
  cargo build --release --locked -p tapis-server --bin tapis
else
  cargo build --locked -p tapis-server --bin tapis
fi
target_dir="$(cargo metadata --format-version 1 --no-deps 2>/dev/null \
  | sed -nE 's/.*"target_directory":"([^"]*)".*/\1/p')"
target_dir="${target_dir:-${CARGO_TARGET_DIR:-target}}"

port=18300
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
  port=$((port + 1))
  [ "$port" -lt 18400 ] || { echo "capacity: no free port" >&2; exit 1; }
done
log="$target_dir/capacity-server.log"
DATABASE_URL="$app_url" TAPIS_ENV=development TAPIS_BIND="127.0.0.1:$port" \
  TAPIS_CLIENT_IP_HEADER=X-Forwarded-For \
  TAPIS_JWT_SECRET="capacity-only-secret-$(date +%s%N)-0123456789abcdef" RUST_LOG=warn \
  "$target_dir/$profile/tapis" serve >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz" || true)" = 200 ] && break
  sleep 0.2
done
echo "server ($profile build) on $base, log $target_dir/capacity-server.log; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 scripts/capacity.py "$base" --seconds "$seconds"
