#!/usr/bin/env bash
# Capacity benchmark of the live event streams (issue 14, docs/events.md "Limits").
#
#   scripts/bench-streams.sh [--idle N] [--watchers W] [--moves M]    (defaults 10000, 1000, 20)
#
# 1. Finds or starts PostgreSQL (like run.sh) and creates a fresh database tapis_bench_streams.
# 2. Builds the release server and the stream load generator (tests/src/bin/stream_load.rs).
# 3. Starts one server process, reads its resident memory (VmRSS), opens N idle streams of one
#    player's events, reads the memory again (goal: under 300 MB with 10,000 streams), closes
#    them.
# 4. Opens W streams of one match and plays M moves one at a time; reports the delay from each
#    move's request to each watcher's receipt of it: p50, p99 (goal: p99 under 1 s with 1,000
#    watchers) and the maximum.
#
# Not a test: the figures depend on the machine and on whatever else runs on it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh

idle=10000
watchers=1000
moves=20

die() { printf 'bench-streams: %s\n' "$*" >&2; exit 1; }
step() { printf '\n==> %s\n' "$*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --idle | --watchers | --moves)
      [ $# -ge 2 ] || die "$1 needs a value"
      [[ "$2" =~ ^[0-9]+$ ]] || die "$1 takes a whole number, not '$2'"
      printf -v "${1#--}" '%d' "$((10#$2))"
      shift 2
      ;;
    -h | --help) sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
done

# Every stream is a socket on both sides.
wanted_files=$((idle + watchers + 1024))
ulimit -n "$wanted_files" 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true
[ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge "$wanted_files" ] \
  || echo "warning: at most $(ulimit -n) open files (wanted $wanted_files): raise the hard limit"

work="$(mktemp -d)"
server_pid=""
load_pid=""
cleanup() {
  [ -n "$load_pid" ] && kill "$load_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

step "PostgreSQL"
ensure_postgres
app_url="$(printf '%s\n' "$TAPIS_PG_ADMIN_URL" | sed -E "s#^(postgres(ql)?://[^/]*)/[^?]*#\\1/tapis_bench_streams#")"
psql "$TAPIS_PG_ADMIN_URL" -q -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" \
  -c "DROP DATABASE IF EXISTS tapis_bench_streams WITH (FORCE)" \
  -c "CREATE DATABASE tapis_bench_streams" >/dev/null

step "build (release)"
cargo build --release --locked -p tapis-server --bin tapis -p tapis-tests --bin stream_load
target_dir="$(cargo metadata --format-version 1 --no-deps 2>/dev/null \
  | sed -nE 's/.*"target_directory":"([^"]*)".*/\1/p')"
target_dir="${target_dir:-${CARGO_TARGET_DIR:-target}}"

step "server"
port=18300
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
  port=$((port + 1))
  [ "$port" -lt 18400 ] || die "no free port from 18300 to 18399"
done
DATABASE_URL="$app_url" TAPIS_ENV=development TAPIS_SIGN_UPS_PER_ADDRESS=1000000 TAPIS_STREAMS_PER_ADDRESS=100000 TAPIS_STREAMS_PER_ACCOUNT=100000 TAPIS_BIND="127.0.0.1:$port" \
  TAPIS_BOT_CONCURRENCY=0 \
  TAPIS_JWT_SECRET="bench-only-secret-$(date +%s%N)-0123456789abcdef" RUST_LOG=warn \
  "$target_dir/release/tapis" serve >"$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; die "the server exited"; }
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz" || true)" = 200 ] && break
  sleep 0.2
done
sleep 1
rss_before="$(rss_mb "$server_pid")"
echo "serving on $base; resident memory at rest: $rss_before MB"

step "$idle idle streams, then $watchers watchers of one match and $moves moves"
mkfifo "$work/go"
"$target_dir/release/stream_load" --base "$base" --idle "$idle" --watchers "$watchers" \
  --moves "$moves" <"$work/go" >"$work/load.out" 2>"$work/load.err" &
load_pid=$!
exec 4>"$work/go"
until grep -q '^idle_open=' "$work/load.out" || ! kill -0 "$load_pid" 2>/dev/null; do sleep 0.5; done
grep -q '^idle_open=' "$work/load.out" || { cat "$work/load.err" >&2; die "the streams could not be opened"; }
sleep 5
rss_idle="$(rss_mb "$server_pid")"
echo "$(grep '^idle_open=' "$work/load.out"); resident memory with them open: $rss_idle MB"
echo >&4
exec 4>&-
wait "$load_pid" || { cat "$work/load.err" >&2; die "the load generator failed"; }
load_pid=""
tail -n 1 "$work/load.out"

step "result"
printf 'idle_streams=%s rss_rest_mb=%s rss_idle_mb=%s %s\n' "$idle" "$rss_before" "$rss_idle" \
  "$(tail -n 1 "$work/load.out")"
