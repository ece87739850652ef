#!/usr/bin/env bash
# Load benchmark of the HTTP API against PostgreSQL, with pgbench on the same server as a yardstick.
#
#   scripts/bench.sh [--clients N] [--seconds S] [--warmup W] [--seed X]    (defaults 32, 20, 3, 1)
#                    [--read api|page|standings] [--analysis N] [--binaries DIR] [--pool P]
#
# With --pool P, the server's pool holds P connections to PostgreSQL (TAPIS_DB_POOL_SIZE); by
# default the server keeps its own default, as it is shipped. More connections than the
# database can keep busy only add backends queueing for its cores and its WAL: with one a
# client (36), the moves' p99 was higher than with 16 in four rounds of five
# (docs/performance.md, "The pool's size").
#
# With --binaries DIR, the server and the load generator are DIR/tapis and DIR/load, built
# earlier (say, from another commit, to compare two builds back to back), and nothing is built.
#
# With --analysis N, the server analyses finished matches N at a time while the clients play
# (TAPIS_ANALYSIS_CONCURRENCY; 0 by default, so that the figures are the move path's alone):
# the benchmark's Can't Stop matches end every few seconds, and each one's analysis runs beside
# the moves. The goal: the move's p99 rises by no more than 10 % (docs/analysis.md).
#
# With --read, the clients read instead of playing: each fetches its match over and over, through
# the API (`GET /api/v1/matches/{id}`) or as the match page (`GET /matches/{id}`), and the
# yardstick is `pgbench -S` (one SELECT by primary key). The goals: API view >= 0.5 x, match
# page >= 0.25 x. With --read standings, 1000 players are signed up and entered in one Swiss
# tournament, three rounds are played (by resignations), and the clients read the first 100
# lines of its standings, signed out (`GET /api/v1/tournaments/{id}/standings`); the goal is
# >= 0.25 x (docs/tournaments.md). Its set-up takes a few minutes (1000 password hashes).
#
# 1. Finds or starts PostgreSQL (like run.sh), and creates fresh databases tapis_bench (for the
#    app) and tapis_pgbench (for pgbench).
# 2. Builds the release server and the load generator (tests/src/bin/load/).
# 3. Starts the server on a free port, plays N matches of Can't Stop at once through the API for
#    S seconds after a W-second warm-up (each client plays both seats of its match like a bot:
#    POST one of the legal actions of the seat to act, play on from the view the POST returns
#    while the turn stays with that seat, GET the match as the other seat when it passes), and
#    reports moves (successful POSTs) per second and their latency, overall and by what the
#    move did (kept the turn, passed it, ended the match).
# 4. Stops the server, then runs `pgbench -N` with the same number of clients for S seconds,
#    logging each transaction's latency.
# 5. Prints both, their latencies (p50, p99) and their ratio. The goal is moves/s >= 0.5 x pgbench tps at 32 clients: the
#    server should be limited by the database, not by itself.
#
# Not a test: the figures depend on the machine and on whatever else runs on it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/postgres.sh

clients=32
seconds=20
warmup=3
seed=1
read_mode=""
analysis=0
pool=0
binaries=""

usage() { sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
step() { printf '\n==> %s\n' "$*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --read | --read=*)
      if [ "$1" = --read ]; then
        [ $# -ge 2 ] || die "--read needs a value"
        read_mode="$2"
        shift 2
      else
        read_mode="${1#*=}"
        shift
      fi
      case "$read_mode" in api | page | standings) ;; *) die "--read takes api, page or standings, not '$read_mode'" ;; esac
      continue
      ;;
    --binaries | --binaries=*)
      if [ "$1" = --binaries ]; then
        [ $# -ge 2 ] || die "--binaries needs a directory"
        binaries="$2"
        shift 2
      else
        binaries="${1#*=}"
        shift
      fi
      [ -x "$binaries/tapis" ] && [ -x "$binaries/load" ] || die "no tapis and load in '$binaries'"
      continue
      ;;
    --clients | --seconds | --warmup | --seed | --analysis | --pool)
      [ $# -ge 2 ] || die "$1 needs a value"
      value="$2"
      name="${1#--}"
      shift 2
      ;;
    --clients=* | --seconds=* | --warmup=* | --seed=* | --analysis=* | --pool=*)
      value="${1#*=}"
      name="${1%%=*}"
      name="${name#--}"
      shift
      ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
  [[ "$value" =~ ^[0-9]+$ ]] || die "--$name takes a whole number, not '$value'"
  printf -v "$name" '%d' "$((10#$value))"
done
[ "$clients" -ge 1 ] || die "--clients must be at least 1"
[ "$seconds" -ge 1 ] || die "--seconds must be at least 1"

# The URL of database $1 on the same server as TAPIS_PG_ADMIN_URL (query string kept).
db_url() {
  printf '%s\n' "$TAPIS_PG_ADMIN_URL" | sed -E "s#^(postgres(ql)?://[^/]*)/[^?]*#\\1/$1#"
}

# pgbench from the same installation as the server's pg_ctl, else from PATH.
find_pgbench() {
  local bindir real
  bindir="$(pg_bindir)"
  if [ -n "$bindir" ]; then
    if [ -x "$bindir/pgbench" ]; then echo "$bindir/pgbench"; return; fi
    real="$(dirname "$(readlink -f "$bindir/pg_ctl")")"
    if [ -x "$real/pgbench" ]; then echo "$real/pgbench"; return; fi
  fi
  command -v pgbench || true
}

# CPU seconds (user + system) used so far by process $1, or nothing when it is gone.
cpu_of_pid() {
  local stat rest
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 0
  rest="${stat##*) }"
  # utime and stime are fields 14 and 15, i.e. 12 and 13 after "pid (comm) ".
  awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f\n", ($12 + $13) / hz }' <<<"$rest"
}

# CPU seconds used so far by the backends connected to database $1, and how many they are
# ("0 0" when the database server is not on this machine).
cpu_of_backends() {
  local pid files=()
  for pid in $(psql "$TAPIS_PG_ADMIN_URL" -Atqc "SELECT pid FROM pg_stat_activity WHERE datname = '$1'"); do
    [ -r "/proc/$pid/stat" ] && files+=("/proc/$pid/stat")
  done
  if [ "${#files[@]}" = 0 ]; then echo "0 0"; return; fi
  { cat "${files[@]}" 2>/dev/null || true; } | awk -v hz="$(getconf CLK_TCK)" '
    { sub(/^.*\) /, ""); t += $12 + $13; n++ }
    END { printf "%.2f %d\n", t / hz, n }'
}

# Counters of database $1: transactions committed and rows fetched, inserted and updated.
db_counters() {
  psql "$TAPIS_PG_ADMIN_URL" -Atqc \
    "SELECT xact_commit, tup_fetched, tup_inserted, tup_updated FROM pg_stat_database WHERE datname = '$1'"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

work="$(mktemp -d)"
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
pgbench_pid=""
sampler_pid=""
cleanup() {
  stop_server
  if [ -n "$sampler_pid" ]; then kill "$sampler_pid" 2>/dev/null || true; fi
  if [ -n "$pgbench_pid" ]; then kill "$pgbench_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

step "PostgreSQL"
ensure_postgres
pgbench="$(find_pgbench)"
[ -n "$pgbench" ] || die "pgbench not found (it ships with the PostgreSQL server or its client package)"
server_version="$(psql "$TAPIS_PG_ADMIN_URL" -Atqc 'SHOW server_version')"
echo "server PostgreSQL $server_version; $("$pgbench" --version) at $pgbench"
app_url="$(db_url tapis_bench)"
pgbench_url="$(db_url tapis_pgbench)"
for name in tapis_bench tapis_pgbench; do
  psql "$TAPIS_PG_ADMIN_URL" -q -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" \
    -c "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" -c "CREATE DATABASE \"$name\"" >/dev/null
done
echo "fresh databases tapis_bench and tapis_pgbench"

if [ -n "$binaries" ]; then
  bin_dir="$binaries"
else
  step "build (release)"
  cargo build --release --locked -p tapis-server --bin tapis -p tapis-tests --bin load
  # Where cargo put them: CARGO_TARGET_DIR or the build.target-dir setting may move the target
  # directory away from ./target, where an older build could be lying.
  target_dir="$(cargo metadata --format-version 1 --no-deps 2>/dev/null \
    | sed -nE 's/.*"target_directory":"([^"]*)".*/\1/p')"
  target_dir="${target_dir:-${CARGO_TARGET_DIR:-target}}"
  bin_dir="$target_dir/release"
fi
echo "binaries from $bin_dir"

step "server"
port=18080
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
  port=$((port + 1))
  [ "$port" -lt 18200 ] || die "no free port from 18080 to 18199"
done
server_log="$work/server.log"
pool_env=()
[ "$pool" -ge 1 ] && pool_env=(TAPIS_DB_POOL_SIZE="$pool")
env "${pool_env[@]}" DATABASE_URL="$app_url" \
  TAPIS_ENV=development TAPIS_SIGN_UPS_PER_ADDRESS=1000000 TAPIS_STREAMS_PER_ADDRESS=100000 TAPIS_STREAMS_PER_ACCOUNT=100000 \
  TAPIS_BIND="127.0.0.1:$port" \
  TAPIS_ANALYSIS_CONCURRENCY="$analysis" \
  TAPIS_JWT_SECRET="bench-only-secret-$(date +%s%N)-0123456789abcdef" \
  RUST_LOG=warn \
  "$bin_dir/tapis" serve >"$server_log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    cat "$server_log" >&2
    server_pid=""
    die "the server exited before answering"
  fi
  status="$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz" || true)"
  [ "$status" = 200 ] && break
  sleep 0.2
done
[ "$status" = 200 ] || { cat "$server_log" >&2; die "/healthz did not answer 200 within 60 s"; }
if [ "$pool" -ge 1 ]; then pool_said="a pool of $pool connections"; else pool_said="the default pool"; fi
echo "serving on $base ($pool_said; log $server_log)"

step "HTTP load: $clients clients, ${warmup} s warm-up, ${seconds} s measured"
load_before="$(cut -d' ' -f1 /proc/loadavg)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
# The database counters include the set-up (sign-ups, the first matches): a few hundred
# transactions, against tens of thousands for the moves.
counters_before="$(db_counters tapis_bench)"
load_out="$work/load.out"
load_err="$work/load.err"
: >"$load_err"
"$bin_dir/load" --base "$base" --clients "$clients" --seconds "$seconds" \
  --warmup "$warmup" --seed "$seed" ${read_mode:+--read "$read_mode"} >"$load_out" 2>"$load_err" &
load_pid=$!
# CPU is sampled from the end of the set-up (sign-ups hash passwords at production cost): the
# load generator says when it starts playing.
until grep -q '^load: playing' "$load_err" || ! kill -0 "$load_pid" 2>/dev/null; do sleep 0.1; done
server_cpu_before="$(cpu_of_pid "$server_pid")"
read -r postgres_cpu_before _ <<<"$(cpu_of_backends tapis_bench)"
# What the app's backends are doing, twice a second: running a statement (active), waiting for
# the server in the middle of a transaction, or waiting for the next request (idle). One psql
# session repeats the query (\watch): starting psql (a Perl wrapper on Debian) and a backend
# twice a second would take CPU from the load being measured.
printf '%s\n' "SELECT count(*) FILTER (WHERE state = 'active'),
    count(*) FILTER (WHERE state = 'idle in transaction'), count(*) FILTER (WHERE state = 'idle')
  FROM pg_stat_activity WHERE datname = 'tapis_bench'" '\watch 0.5' \
  | psql "$TAPIS_PG_ADMIN_URL" -Atq >"$work/activity" 2>/dev/null &
sampler_pid=$!
load_status=0
wait "$load_pid" || load_status=$?
kill "$sampler_pid" 2>/dev/null || true
wait "$sampler_pid" 2>/dev/null || true
server_cpu_after="$(cpu_of_pid "$server_pid")"
read -r postgres_cpu_after _ <<<"$(cpu_of_backends tapis_bench)"
cat "$load_err" "$load_out"
[ "$load_status" = 0 ] || die "the load generator failed (exit status $load_status)"
if grep -q . "$server_log"; then
  echo "server log (warnings and errors):"
  tail -20 "$server_log"
fi
stop_server
# Backends report their statistics when they exit: read the counters once the server is gone.
sleep 1
counters_after="$(db_counters tapis_bench)"
analyses_made="$(psql "$app_url" -Atqc \
  "SELECT count(*) FILTER (WHERE status <> 'pending') || ' made of ' || count(*) || ' queued' FROM analyses" 2>/dev/null || true)"

load_after="$(cut -d' ' -f1 /proc/loadavg)"

result="$(grep '^RESULT ' "$load_out" | tail -1)"
[ -n "$result" ] || die "the load generator printed no RESULT line"
field() { sed -nE "s/.*[[:space:]]$1=([^[:space:]]+).*/\\1/p" <<<"$result"; }
moves_per_sec="$(field moves_per_sec)"
p50="$(field p50_ms)"
p99="$(field p99_ms)"
moves_total="$(field moves_total)"
load_cpu="$(field load_cpu_cores)"
span=$((warmup + seconds))
cores() { awk -v a="$1" -v b="$2" -v s="$span" 'BEGIN { printf "%.2f", (b - a) / s }'; }
ms_per_move() { awk -v a="$1" -v b="$2" -v m="$moves_total" 'BEGIN { if (m > 0) printf "%.2f", (b - a) * 1000 / m; else print "n/a" }'; }
server_cores="$(cores "$server_cpu_before" "$server_cpu_after")"
postgres_cores="$(cores "$postgres_cpu_before" "$postgres_cpu_after")"
server_ms_per_move="$(ms_per_move "$server_cpu_before" "$server_cpu_after")"
postgres_ms_per_move="$(ms_per_move "$postgres_cpu_before" "$postgres_cpu_after")"
activity="$(awk -F'|' 'NF == 3 { a += $1; t += $2; i += $3; n++ }
  END { if (n > 0) printf "%.1f active, %.1f idle in transaction, %.1f idle (%d samples)", a / n, t / n, i / n, n }' "$work/activity")"
per_move="$(awk -v before="$counters_before" -v after="$counters_after" -v m="$moves_total" 'BEGIN {
  split(before, x, "|"); split(after, y, "|");
  if (m > 0) printf "%.1f transactions, %.1f rows fetched, %.1f inserted, %.1f updated",
    (y[1] - x[1]) / m, (y[2] - x[2]) / m, (y[3] - x[3]) / m, (y[4] - x[4]) / m }')"

# The yardstick: pgbench's write transaction for moves, its primary-key SELECT for reads.
pgbench_mode=-N
what="moves"
goal=0.5
case "$read_mode" in
  api) pgbench_mode=-S; what="API match views"; goal=0.5 ;;
  page) pgbench_mode=-S; what="match pages"; goal=0.25 ;;
  standings) pgbench_mode=-S; what="standings (first 100 lines, 1000 players)"; goal=0.25 ;;
esac
step "pgbench $pgbench_mode: $clients clients, ${seconds} s"
"$pgbench" -i -q -s 10 "$pgbench_url" >"$work/pgbench-init.log" 2>&1 \
  || { cat "$work/pgbench-init.log" >&2; die "pgbench -i failed"; }
pgbench_out="$work/pgbench.out"
# Each transaction's latency is logged (a line per transaction, written by pgbench's threads,
# buffered), so that its p50 and p99 stand beside the HTTP ones: the yardstick's own tail.
rm -f "$work"/pgbench-txn.*
"$pgbench" "$pgbench_mode" -c "$clients" -j "$(( clients < 2 ? clients : 2 ))" -T "$seconds" \
  --log --log-prefix="$work/pgbench-txn" "$pgbench_url" >"$pgbench_out" 2>&1 &
pgbench_pid=$!
pgbench_started="$(date +%s.%N)"
# The CPU of pgbench's backends, sampled while they all run (they exit with pgbench): from 1.5 s
# after the start to 1 s before the end.
sleep_until() { sleep "$(awk -v at="$1" -v now="$(date +%s.%N)" 'BEGIN { w = at - now; printf "%.2f", (w > 0 ? w : 0) }')"; }
pgbench_cpu_span=""
if [ "$seconds" -ge 4 ]; then
  sleep 1.5
  read -r pgbench_cpu_before pgbench_backends_before <<<"$(cpu_of_backends tapis_pgbench)"
  sampled_from="$(date +%s.%N)"
  sleep_until "$(awk -v s="$pgbench_started" -v d="$seconds" 'BEGIN { printf "%.3f", s + d - 1 }')"
  read -r pgbench_cpu_after pgbench_backends_after <<<"$(cpu_of_backends tapis_pgbench)"
  if [ "$pgbench_backends_before" -gt 0 ] && [ "$pgbench_backends_before" = "$pgbench_backends_after" ]; then
    pgbench_cpu_span="$(awk -v a="$sampled_from" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }')"
  fi
fi
pgbench_status=0
wait "$pgbench_pid" || pgbench_status=$?
pgbench_pid=""
[ "$pgbench_status" = 0 ] || { cat "$pgbench_out" >&2; die "pgbench failed"; }
grep -E '^(number of transactions actually processed|latency average|tps)' "$pgbench_out" || true
tps="$(sed -nE 's/^tps = ([0-9.]+) \(without initial connection time\).*/\1/p' "$pgbench_out")"
[ -n "$tps" ] || { cat "$pgbench_out" >&2; die "no 'tps = ... (without initial connection time)' line from pgbench"; }
tps="$(awk -v t="$tps" 'BEGIN { printf "%.1f", t }')"
# The third field of a line of pgbench's log is the transaction's latency in microseconds.
pgbench_latency="$(cat "$work"/pgbench-txn.* 2>/dev/null | awk '{ print $3 }' | sort -n | awk '
  { v[NR] = $1 }
  END {
    if (NR == 0) { print "n/a n/a"; exit }
    r50 = int(NR * 0.50); if (r50 < NR * 0.50) r50++; if (r50 < 1) r50 = 1
    r99 = int(NR * 0.99); if (r99 < NR * 0.99) r99++; if (r99 < 1) r99 = 1
    printf "%.2f %.2f", v[r50] / 1000, v[r99] / 1000
  }')"
read -r pgbench_p50 pgbench_p99 <<<"$pgbench_latency"
pgbench_postgres_cores="n/a"
postgres_ms_per_txn="n/a"
if [ -n "$pgbench_cpu_span" ]; then
  pgbench_postgres_cores="$(awk -v a="$pgbench_cpu_before" -v b="$pgbench_cpu_after" -v s="$pgbench_cpu_span" 'BEGIN { printf "%.2f", (b - a) / s }')"
  postgres_ms_per_txn="$(awk -v c="$pgbench_postgres_cores" -v t="$tps" 'BEGIN { if (c > 0 && t > 0) printf "%.2f", c * 1000 / t; else print "n/a" }')"
fi
psql "$TAPIS_PG_ADMIN_URL" -qc 'DROP DATABASE IF EXISTS "tapis_pgbench" WITH (FORCE)' >/dev/null || true

moves_ratio="$(ratio "$moves_per_sec" "$tps")"
verdict="below the goal of $goal; see the CPU time and the database work per request below"
if awk -v r="$moves_ratio" -v g="$goal" 'BEGIN { exit !(r != "n/a" && r >= g) }'; then
  verdict="meets the goal of $goal"
fi

step "summary ($clients clients, $seconds s each, $(nproc) cores; rough figures on a shared machine)"
printf '%-28s %s before the HTTP load, %s at its end (1-minute averages; %s cores)\n' \
  "load average" "$load_before" "$load_after" "$(nproc)"
printf '%-28s %s\n' "HTTP $what/s" "$moves_per_sec"
if [ -z "$read_mode" ]; then
  printf '%-28s %s / %s (GETs of the match: %s per move)\n' "move latency p50 / p99 (ms)" \
    "$p50" "$p99" "$(field gets_per_move)"
else
  printf '%-28s %s / %s\n' "latency p50 / p99 (ms)" "$p50" "$p99"
fi
printf '%-28s %s\n' "pgbench $pgbench_mode tps" "$tps"
printf '%-28s %s / %s (each transaction, BEGIN to END)\n' "pgbench latency p50 / p99 (ms)" \
  "$pgbench_p50" "$pgbench_p99"
printf '%-28s %s (%s)\n' "$what/s / pgbench tps" "$moves_ratio" "$verdict"
printf '%-28s server %s, postgres %s, load generator %s\n' "CPU cores used during load" \
  "$server_cores" "$postgres_cores" "$load_cpu"
printf '%-28s server %s ms, postgres %s ms (postgres per pgbench transaction: %s ms, %s cores)\n' \
  "CPU time per request" "$server_ms_per_move" "$postgres_ms_per_move" "$postgres_ms_per_txn" \
  "$pgbench_postgres_cores"
if [ -n "$per_move" ]; then
  printf '%-28s %s\n' "database work per request" "$per_move"
fi
if [ -n "$activity" ]; then
  printf '%-28s %s\n' "app backends, on average" "$activity"
fi
printf '%-28s %s (TAPIS_ANALYSIS_CONCURRENCY=%s)\n' "analyses during the load" "${analyses_made:-n/a}" "$analysis"
if [ "$TAPIS_PG_SOURCE" = DATABASE_URL ]; then
  echo "(postgres CPU is read from /proc: it reads 0 when the database server runs elsewhere)"
fi
[ -n "$read_mode" ] || cat <<EOF

Not like for like: a pgbench -N transaction is 3 statements (UPDATE, SELECT, INSERT) between
BEGIN and END on one connection. A move is a POST whose one statement appends the turn and
updates the match, its own transaction, when the process keeps the match and the caller (one
read before it when not), and answers with the view built from it, plus, when the turn passes
to the other seat, a GET of the match; a move that ends its match reads the players' ratings
first (creating a player's first rating row of the game) and writes them with the step, each
only if it has not changed meanwhile (see "moves that ended the match" above). The other
server processes are notified off the request, many moves to a transaction under load.
"database work per request" above counts them all, set-up included. HTTP, JSON, the rules and
the load generator share the same cores as
PostgreSQL.
EOF
echo "RESULT moves_per_sec=$moves_per_sec p50_ms=$p50 p99_ms=$p99 pgbench_tps=$tps pgbench_p99_ms=$pgbench_p99 ratio=$moves_ratio"
