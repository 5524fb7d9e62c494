#!/usr/bin/env bash
# agentruns benchmark: the service (started from the build, on a fresh PostgreSQL database) side by
# side with baselines measured in the same run on the same machine -- pgbench inserts, nginx serving
# a static file, db-scheduler executing no-op tasks. What each figure means: docs/performance.md.
#
#   bench/run.sh [--quick] [--jfr] [--build] [--workers N] [--keep-db]
#
#   --quick    smaller sizes and shorter phases (< 3 minutes once built); the full run takes < 20 minutes
#   --jfr      record the service with Java Flight Recorder and summarise its hottest frames
#   --build    rebuild server/target/agentruns.jar even if it exists
#   --workers  worker count of the service and of db-scheduler (default 8)
#   --phases   comma-separated subset of create,read,lifecycle,dispatch,scale (default: all)
#   env SERVICE_JAVA_OPTS  extra JVM flags for the service (e.g. -Xmx256m), recorded in the results
#
# Needs: PostgreSQL on 127.0.0.1:5432 (user postgres, trust), pgbench/psql, a JDK 21+, and nginx +
# wrk (installed with apt-get when missing). Everything listens on 127.0.0.1 only. The database
# agentruns_bench_* is created for this run and dropped at the end. Results: bench/results/<UTC>.json;
# the last line printed is one JSON object with the ratios.
set -euo pipefail

MODE=full JFR=0 BUILD=0 WORKERS=8 KEEP_DB=0 PHASES=create,read,lifecycle,dispatch,scale
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) MODE=quick ;;
    --jfr) JFR=1 ;;
    --build) BUILD=1 ;;
    --workers) WORKERS="$2"; shift ;;
    --keep-db) KEEP_DB=1 ;;
    --phases) PHASES="$2"; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BENCH="$ROOT/bench"
TS="$(date -u +%Y%m%dT%H%M%SZ)"
WORK="$(mktemp -d "/tmp/agentruns-bench-$TS.XXXX")"
PGHOST=127.0.0.1 PGPORT=5432 PGUSER=postgres
export PGHOST PGPORT PGUSER
DB="agentruns_bench_$(date -u +%Y%m%d%H%M%S)_$$"
JDBC="jdbc:postgresql://127.0.0.1:5432/$DB?user=postgres"
LOADAVG_START="$(cut -d' ' -f1-3 /proc/loadavg)"
KEY="ar_bench_$(head -c 18 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"

if [ "$MODE" = quick ]; then
  CREATE_SECS=5 WARMUP_SECS=8 READ_SECS=5 DISPATCH_RUNS=300 DISPATCH_RATE=100 DISPATCH_MAX_SECS=30
  LIFECYCLE_RUNS=800 SEED_RUNS=100000 LIST_REQUESTS=150 PAGES=500 REPEAT=60
else
  CREATE_SECS=20 WARMUP_SECS=10 READ_SECS=20 DISPATCH_RUNS=2000 DISPATCH_RATE=100 DISPATCH_MAX_SECS=150
  LIFECYCLE_RUNS=5000 SEED_RUNS=1000000 LIST_REQUESTS=400 PAGES=500 REPEAT=200
fi

want() { [[ ",$PHASES," == *",$1,"* ]]; }
log() { printf '[run.sh %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# --- tools -----------------------------------------------------------------------------------------
find_java() {
  for j in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25* /usr/lib/jvm/*25* /usr/lib/jvm/*21*; do
    if [ -n "$j" ] && [ -x "$j/bin/java" ] && "$j/bin/java" -version 2>&1 | grep -Eq 'version "(2[1-9]|[3-9][0-9])'; then
      echo "$j"; return
    fi
  done
  die "no JDK 21+ found (set JAVA_HOME)"
}
JDK="$(find_java)"
JAVA="$JDK/bin/java"
command -v pgbench >/dev/null || die "pgbench not found (apt-get install postgresql-client)"
if ! command -v nginx >/dev/null || ! command -v wrk >/dev/null; then
  log "installing nginx and wrk (Debian packages)"
  (apt-get install -y -qq nginx wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq nginx wrk >/dev/null; }) \
    || log "could not install nginx/wrk: the read phase falls back to the Java client and skips nginx"
fi
NGINX="$(command -v nginx || true)"
WRK="$(command -v wrk || true)"

free_port() {
  local p
  for p in $(shuf -i 20000-29999 -n 50); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  die "no free port"
}
PORT="$(free_port)"
NGINX_PORT="$(free_port)"
[ "$NGINX_PORT" != "$PORT" ] || NGINX_PORT="$(free_port)"
BASE="http://127.0.0.1:$PORT/api/v1"

# --- cleanup: only what this script started ---------------------------------------------------------
SERVICE_PID="" NGINX_PID="" SAMPLER_PID=""
cleanup() {
  set +e
  [ -n "$SAMPLER_PID" ] && kill "$SAMPLER_PID" 2>/dev/null
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null && wait "$NGINX_PID" 2>/dev/null
  if [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then
    kill "$SERVICE_PID"; for _ in $(seq 1 60); do kill -0 "$SERVICE_PID" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$SERVICE_PID" 2>/dev/null
  fi
  if [ "$KEEP_DB" = 0 ]; then
    psql -qAt -d postgres -c "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" >/dev/null 2>&1
  else
    log "kept database $DB"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- build ------------------------------------------------------------------------------------------
cd "$ROOT"
JAR="$ROOT/server/target/agentruns.jar"
# Rebuild when the jar is missing or older than any source of the service (bench/ itself excluded),
# so the bench never measures stale code; the service is then started with AGENTRUNS_SKIP_BUILD=1.
service_is_stale() {
  [ -f "$JAR" ] || return 0
  [ -n "$(find "$ROOT" -path "$ROOT/.git" -prune -o -path "$ROOT/bench" -prune -o -path '*/node_modules' -prune \
      -o -path '*/target' -prune -o \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) \
      -newer "$JAR" -print -quit)" ]
}
if [ "$BUILD" = 1 ] || service_is_stale; then
  log "building the service (server/target/agentruns.jar)"
  ./mvnw -q -B -o package -DskipTests -pl server -am || ./mvnw -q -B package -DskipTests -pl server -am
fi
if [ ! -f "$BENCH/target/.built" ] || [ -n "$(find "$BENCH/src" "$BENCH/pom.xml" -newer "$BENCH/target/.built" -print -quit)" ]; then
  log "building the bench tool (bench/pom.xml, with its unit tests)"
  ./mvnw -q -B -o -f bench/pom.xml package || ./mvnw -q -B -f bench/pom.xml package
  touch "$BENCH/target/.built"
fi
BENCH_CP="$BENCH/target/classes:$BENCH/target/lib/*"
bench() { "$JAVA" -XX:+UseSerialGC -Xmx512m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$BENCH_CP" io.agentruns.bench.Bench "$@"; }

# --- database and service ---------------------------------------------------------------------------
log "mode $MODE; database $DB; service on :$PORT; work dir $WORK"
psql -qAt -d postgres -c "CREATE DATABASE \"$DB\"" >/dev/null
sql() { psql -qAt -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

SERVICE_OPTS="-XX:+ExitOnOutOfMemoryError ${SERVICE_JAVA_OPTS:-}"  # SERVICE_JAVA_OPTS: extra JVM flags for experiments
if [ "$JFR" = 1 ]; then
  SERVICE_OPTS="$SERVICE_OPTS -XX:StartFlightRecording=filename=$WORK/service.jfr,settings=profile,dumponexit=true"
fi
mkdir -p "$WORK/data"
# The service is the production launcher (bin/agentruns serve) when present, else the jar itself.
# JDK_JAVA_OPTIONS reaches the JVM whichever launcher starts it.
if [ -x "$ROOT/bin/agentruns" ]; then SERVE=("$ROOT/bin/agentruns" serve); else SERVE=("$JAVA" -jar "$JAR" serve); fi
env JAVA_HOME="$JDK" JDK_JAVA_OPTIONS="$SERVICE_OPTS" AGENTRUNS_SKIP_BUILD=1 \
    AGENTRUNS_PORT="$PORT" AGENTRUNS_PUBLIC_URL="http://127.0.0.1:$PORT" \
    AGENTRUNS_DATA_DIR="$WORK/data" \
    AGENTRUNS_DATABASE_URL="jdbc:postgresql://127.0.0.1:5432/$DB" AGENTRUNS_DATABASE_USER=postgres \
    AGENTRUNS_BOOTSTRAP_API_KEY="$KEY" \
    AGENTRUNS_HARNESS=noop \
    AGENTRUNS_WORKER_CONCURRENCY="$WORKERS" \
    "${SERVE[@]}" >"$WORK/service.log" 2>&1 &
SERVICE_PID=$!

# The JVM's pid (the launcher may be a shell that starts java as a child).
jvm_pid() {
  local p="$SERVICE_PID" c
  for _ in 1 2 3; do
    if readlink "/proc/$p/exe" 2>/dev/null | grep -q '/java$'; then echo "$p"; return; fi
    c="$(pgrep -P "$p" | head -1)"; [ -n "$c" ] || break; p="$c"
  done
  echo "$SERVICE_PID"
}

log "waiting for the service"
for i in $(seq 1 240); do
  if curl -fsS -o /dev/null -H "Authorization: Bearer $KEY" "$BASE/agent/runs?limit=1" 2>/dev/null; then break; fi
  kill -0 "$SERVICE_PID" 2>/dev/null || { tail -40 "$WORK/service.log" >&2; die "the service exited"; }
  [ "$i" -lt 240 ] || { tail -40 "$WORK/service.log" >&2; die "the service did not answer within 120 s"; }
  sleep 0.5
done
JPID="$(jvm_pid)"
log "service up (pid $JPID)"

# Peak RSS: the kernel's VmHWM at the end is the figure; VmRSS sampled each second gives the curve.
( while kill -0 "$JPID" 2>/dev/null; do
    printf '%s %s\n' "$(date +%s)" "$(awk '/^VmRSS:/ {print $2}' "/proc/$JPID/status" 2>/dev/null)"
    sleep 1
  done ) >"$WORK/rss.log" 2>/dev/null &
SAMPLER_PID=$!
RSS_PHASES="{}"
mark_rss() { # phase name -> VmRSS/VmHWM (KiB) after that phase
  local rss hwm
  rss="$(awk '/^VmRSS:/ {print $2}' "/proc/$JPID/status")"; hwm="$(awk '/^VmHWM:/ {print $2}' "/proc/$JPID/status")"
  RSS_PHASES="$(printf '%s' "$RSS_PHASES" | sed 's/}$//')$( [ "$RSS_PHASES" = "{}" ] || printf ',')\"$1\":{\"rss_mib\":$((rss / 1024)),\"hwm_mib\":$((hwm / 1024))}}"
}

bench setup --base "$BASE" --key "$KEY" --out "$WORK/setup.json"
mark_rss startup

# Created runs of phases 1 and 2 go to a worker pool nobody serves (config.worker_host), so that no
# worker executes them while the API is measured. The sample run is the one phase 2 reads and the
# template of the rows phase 5 seeds.
PARKED=bench-parked-pool
SAMPLE_RUN="$(curl -fsS -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d "{\"prompt\":\"Run the test suite and fix the failing test #0 in module core.\",\"title\":\"bench run 0\",\"config\":{\"name\":\"bench-create\",\"worker_host\":\"$PARKED\"}}" \
  "$BASE/agent/run" | sed -n 's/.*"run_id" *: *"\([^"]*\)".*/\1/p')"
[ -n "$SAMPLE_RUN" ] || die "could not create a run"
read -r TEAM_ID CREATOR_ID CONFIG_JSON < <(sql -F ' ' -c "SELECT team_id, creator_id, replace(config, ' ', '') FROM runs WHERE id = '$SAMPLE_RUN'")
BODY_BYTES=0 SEED_SECS=0 TOTAL_RUNS=0 TEAM_RUNS=0

# --- 1. create vs pgbench -----------------------------------------------------------------------------
if want create; then
log "1. create: POST /agent/run at 16 and 64 connections, ${CREATE_SECS}s each"
bench create --base "$BASE" --key "$KEY" --connections 16 --warmup "$WARMUP_SECS" --duration "$CREATE_SECS" \
  --config-name bench-create --worker-host "$PARKED" --out "$WORK/create_c16.json"
bench create --base "$BASE" --key "$KEY" --connections 64 --duration "$CREATE_SECS" \
  --config-name bench-create --worker-host "$PARKED" --out "$WORK/create_c64.json"
mark_rss create

log "1. create baseline: pgbench single-row insert into bench_runs (LIKE runs INCLUDING ALL + the same foreign keys)"
sql <<SQL
CREATE TABLE bench_runs (LIKE runs INCLUDING ALL);
ALTER TABLE bench_runs ADD FOREIGN KEY (team_id) REFERENCES teams (id),
                       ADD FOREIGN KEY (creator_id) REFERENCES principals (id);
SQL
# One INSERT with the values the service writes for a new run (uuid v7 made from the clock).
cat >"$WORK/pgbench_create.sql" <<SQL
\set n random(1, 1000000000)
INSERT INTO bench_runs (id, team_id, title, prompt, state, created_at, updated_at, config, config_name, model_id,
                        environment_id, worker_host, source, creator_id, team_scoped, version, last_event_seq)
VALUES ((lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
         || substr(md5(:n::text), 1, 3) || '8' || substr(md5(:n::text), 4, 15))::uuid,
        '$TEAM_ID', 'bench run ' || :n, 'Run the test suite and fix the failing test #' || :n || ' in module core.',
        'QUEUED', date_trunc('milliseconds', now()), date_trunc('milliseconds', now()),
        '$CONFIG_JSON', 'bench-create', 'default', NULL, '$PARKED', 'API', '$CREATOR_ID', false, 0, 1);
SQL
# For reference (not a target): what the service's create transaction writes -- the run row and its
# first state event in one transaction.
sed -e 's/^INSERT INTO bench_runs/BEGIN;\nINSERT INTO bench_runs/' "$WORK/pgbench_create.sql" >"$WORK/pgbench_create_tx.sql"
cat >>"$WORK/pgbench_create_tx.sql" <<SQL
INSERT INTO bench_run_events (run_id, seq, event_type, created_at, data)
VALUES ((lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
         || substr(md5(:n::text), 1, 3) || '8' || substr(md5(:n::text), 4, 15))::uuid,
        1, 'state', date_trunc('milliseconds', now()), '{"state":"QUEUED"}');
END;
SQL
sql -c "CREATE TABLE bench_run_events (LIKE run_events INCLUDING ALL)"
PGBENCH_RUNS="16 64 tx16"; [ "$MODE" = quick ] && PGBENCH_RUNS="16 64"
for c in $PGBENCH_RUNS; do
  script="$WORK/pgbench_create.sql"
  if [ "$c" = tx16 ]; then script="$WORK/pgbench_create_tx.sql"; fi
  mkdir -p "$WORK/pgbench_c$c"
  # PostgreSQL is shared (max_connections): when it has no room for the clients now, retry once.
  ok=0
  for attempt in 1 2; do
    if (cd "$WORK/pgbench_c$c" && rm -f tx.* && pgbench -n -M prepared -f "$script" -c "${c#tx}" -j 2 -T "$CREATE_SECS" \
          --log --log-prefix=tx "$DB" >"$WORK/pgbench_c$c.txt" 2>&1); then ok=1; break; fi
    log "pgbench c$c failed (attempt $attempt): $(grep -m1 error "$WORK/pgbench_c$c.txt")"; sleep 5
  done
  [ "$ok" = 1 ] && bench pgbench --stdout "$WORK/pgbench_c$c.txt" --log-prefix "$WORK/pgbench_c$c/tx" --clients "${c#tx}" --out "$WORK/pgbench_c$c.json"
  rm -rf "$WORK/pgbench_c$c"
done
fi

# --- 2. read vs nginx -----------------------------------------------------------------------------------
if want read; then
log "2. read: GET /agent/runs/{id} vs nginx serving the same JSON, ${READ_SECS}s each"
mkdir -p "$WORK/nginx/www" "$WORK/nginx/tmp"
chmod 755 "$WORK" "$WORK/nginx" "$WORK/nginx/www"  # nginx's workers run as nobody: they must read the file
curl -fsS -H "Authorization: Bearer $KEY" "$BASE/agent/runs/$SAMPLE_RUN" -o "$WORK/nginx/www/run.json"
chmod 644 "$WORK/nginx/www/run.json"
BODY_BYTES="$(stat -c %s "$WORK/nginx/www/run.json")"
READ_CONNS=64
if [ -n "$WRK" ]; then
  "$WRK" -t 2 -c "$READ_CONNS" -d "$WARMUP_SECS" -H "Authorization: Bearer $KEY" "$BASE/agent/runs/$SAMPLE_RUN" >/dev/null
  "$WRK" -t 2 -c "$READ_CONNS" -d "$READ_SECS" --latency -H "Authorization: Bearer $KEY" "$BASE/agent/runs/$SAMPLE_RUN" >"$WORK/wrk_service.txt"
  bench wrk --stdout "$WORK/wrk_service.txt" --connections "$READ_CONNS" --label agentruns --out "$WORK/read_service.json"
else
  bench get --url "$BASE/agent/runs/$SAMPLE_RUN" --key "$KEY" --connections "$READ_CONNS" --warmup "$WARMUP_SECS" \
    --duration "$READ_SECS" --out "$WORK/read_service.json"
fi
mark_rss read
if [ -n "$NGINX" ]; then
  cat >"$WORK/nginx/nginx.conf" <<CONF
daemon off;
worker_processes auto;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx/tmp; proxy_temp_path $WORK/nginx/tmp; fastcgi_temp_path $WORK/nginx/tmp;
  uwsgi_temp_path $WORK/nginx/tmp; scgi_temp_path $WORK/nginx/tmp;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $WORK/nginx/www;
    location / { default_type application/json; }
  }
}
CONF
  "$NGINX" -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" 2>>"$WORK/nginx/error.log" &
  NGINX_PID=$!
  for _ in $(seq 1 50); do curl -fsS -o /dev/null "http://127.0.0.1:$NGINX_PORT/run.json" 2>/dev/null && break; sleep 0.1; done
  cmp -s <(curl -fsS "http://127.0.0.1:$NGINX_PORT/run.json") "$WORK/nginx/www/run.json" || die "nginx does not serve the run's JSON"
  if [ -n "$WRK" ]; then
    "$WRK" -t 2 -c "$READ_CONNS" -d 2 "http://127.0.0.1:$NGINX_PORT/run.json" >/dev/null
    "$WRK" -t 2 -c "$READ_CONNS" -d "$READ_SECS" --latency -H "Authorization: Bearer $KEY" "http://127.0.0.1:$NGINX_PORT/run.json" >"$WORK/wrk_nginx.txt"
    bench wrk --stdout "$WORK/wrk_nginx.txt" --connections "$READ_CONNS" --label nginx --out "$WORK/read_nginx.json"
  else
    bench get --url "http://127.0.0.1:$NGINX_PORT/run.json" --connections "$READ_CONNS" --warmup 2 --duration "$READ_SECS" --out "$WORK/read_nginx.json"
  fi
  kill "$NGINX_PID"; wait "$NGINX_PID" 2>/dev/null || true; NGINX_PID=""
fi
fi

# --- 4. lifecycle vs db-scheduler ---------------------------------------------------------------------------
if want lifecycle; then
log "4. lifecycle: $LIFECYCLE_RUNS runs end to end with the no-op harness, then db-scheduler with $WORKERS threads"
bench lifecycle --base "$BASE" --key "$KEY" --jdbc "$JDBC" --count "$LIFECYCLE_RUNS" --connections 16 \
  --config-name bench-lifecycle --timeout 300 --out "$WORK/lifecycle.json"
mark_rss lifecycle
sql -f "$BENCH/sql/db_scheduler_tables.sql"
bench db-scheduler --jdbc "$JDBC" --threads "$WORKERS" --count "$LIFECYCLE_RUNS" --producers 16 --poll-ms 5000 \
  --timeout 300 --out "$WORK/db_scheduler.json"
fi

# --- 3. dispatch latency ----------------------------------------------------------------------------------
# Runs arrive at a third of the lifecycle throughput measured just before (at most DISPATCH_RATE/s),
# so that a worker is idle when each run arrives and the figure is dispatch, not queueing.
if want dispatch; then
if [ -f "$WORK/lifecycle.json" ]; then
  CAPACITY="$(sed -n 's/.*"runs_per_s" *: *\([0-9.]*\).*/\1/p' "$WORK/lifecycle.json")"
  # ... but fast enough to finish within DISPATCH_MAX_SECS (the rate is then recorded with the figure).
  DISPATCH_RATE="$(awk -v c="${CAPACITY:-0}" -v max="$DISPATCH_RATE" -v min="$(( DISPATCH_RUNS / DISPATCH_MAX_SECS ))" \
    'BEGIN { r = c / 3; if (r > max || r <= 0) r = max; if (r < min) r = min; if (r < 2) r = 2; printf "%.1f", r }')"
fi
log "3. dispatch: $DISPATCH_RUNS runs at $DISPATCH_RATE/s with idle workers"
bench dispatch --base "$BASE" --key "$KEY" --jdbc "$JDBC" --count "$DISPATCH_RUNS" --rate "$DISPATCH_RATE" \
  --config-name bench-dispatch --timeout 120 --out "$WORK/dispatch.json"
mark_rss dispatch
fi

# --- 5. list at scale -----------------------------------------------------------------------------------------
if want scale; then
log "5. scale: seeding $SEED_RUNS runs over 5 teams"
T0=$(date +%s)
sql -v n="$SEED_RUNS" -v template="$SAMPLE_RUN" -f "$BENCH/sql/seed_runs.sql"
SEED_SECS=$(( $(date +%s) - T0 ))
read -r TOTAL_RUNS TEAM_RUNS < <(sql -F ' ' -c "SELECT count(*), count(*) FILTER (WHERE team_id = '$TEAM_ID') FROM runs")
CREATOR_FILTER="$(sql -c "SELECT id FROM principals WHERE team_id = '$TEAM_ID' AND display_name = 'bench user 3'")"
AFTER="$(sql -c "SELECT to_char((now() - interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')")"
log "seeded in ${SEED_SECS}s: $TOTAL_RUNS runs in the table, $TEAM_RUNS of the bench team"
cat >"$WORK/filters.txt" <<EOF

state=FAILED
name=agent-7
name=nightly-audit
creator=$CREATOR_FILTER
created_after=$AFTER
state=SUCCEEDED&name=agent-7&created_after=$AFTER
EOF
bench scale --base "$BASE" --key "$KEY" --filters-file "$WORK/filters.txt" --requests "$LIST_REQUESTS" \
  --connections 1 --pages "$PAGES" --repeat "$REPEAT" --out "$WORK/scale.json"
mark_rss scale
fi

# --- 6. memory ----------------------------------------------------------------------------------------------
HWM_KIB="$(awk '/^VmHWM:/ {print $2}' "/proc/$JPID/status")"
MAX_SAMPLED_KIB="$(awk 'max < $2 {max = $2} END {print max + 0}' "$WORK/rss.log")"
HEAP_FLAGS="$( { tr '\0' ' ' <"/proc/$JPID/cmdline"; echo " $SERVICE_OPTS"; } | grep -oE -- '-Xm[sx][^ ]+|-XX:MaxRAMPercentage=[^ ]+' | tr '\n' ' ' || true)"
cat >"$WORK/memory.json" <<EOF
{"peak_rss_mib": $((HWM_KIB / 1024)), "max_sampled_rss_mib": $((MAX_SAMPLED_KIB / 1024)),
 "service_heap_flags": "${HEAP_FLAGS% }", "by_phase": $RSS_PHASES}
EOF

# Where the service spent its time: CPU (sampled frames) and waits on PostgreSQL (socket reads).
jfr_summary() ( # a subshell: pipefail stays on in the script
  set +o pipefail
  local jfr="$JDK/bin/jfr" rec="$WORK/service.jfr"
  echo "# JFR summary of the service, bench run $TS ($MODE, phases $PHASES)"
  echo; echo "## CPU: top frames by self time (jdk.ExecutionSample)"
  "$jfr" print --events jdk.ExecutionSample "$rec" \
    | awk '/stackTrace = \[/ {getline; sub(/^[ \t]+/, ""); sub(/[ \t]+line:.*/, ""); print}' | sort | uniq -c | sort -rn | head -30
  echo; echo "## CPU: samples by the first io.agentruns frame on the stack"
  "$jfr" print --events jdk.ExecutionSample --stack-depth 64 "$rec" \
    | awk '/stackTrace = \[/ {inst=1; next} inst && /io\.agentruns/ {sub(/^[ \t]+/, ""); sub(/[ \t]+line:.*/, ""); print; inst=0} /^\]/ {inst=0}' \
    | sort | uniq -c | sort -rn | head -25
  echo; echo "## Waits on PostgreSQL: jdk.SocketRead events on port 5432 by the innermost io.agentruns frame"
  "$jfr" print --events jdk.SocketRead --stack-depth 64 "$rec" \
    | awk '/jdk.SocketRead/ {pg=0; done=0} /port = 5432/ {pg=1} pg && !done && /io\.agentruns/ {sub(/^[ \t]+/, ""); sub(/[ \t]+line:.*/, ""); print; done=1}' \
    | sort | uniq -c | sort -rn | head -25
  echo; echo "## Event counts"
  "$jfr" summary "$rec" | awk 'NR > 8 && $2 > 100' | sort -k2 -nr | head -15
)

# --- stop the service, JFR summary, report -------------------------------------------------------------------
kill "$SERVICE_PID"; for _ in $(seq 1 60); do kill -0 "$SERVICE_PID" 2>/dev/null || break; sleep 0.5; done
SERVICE_PID=""
mkdir -p "$BENCH/results"
if [ "$JFR" = 1 ] && [ -f "$WORK/service.jfr" ]; then
  log "summarising the flight recording"
  jfr_summary >"$BENCH/results/$TS-jfr.txt" 2>&1 || true
  cp "$WORK/service.jfr" "$BENCH/results/$TS.jfr"
fi
GIT_COMMIT="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
cat >"$WORK/meta.json" <<EOF
{"timestamp": "$TS", "mode": "$MODE", "git_commit": "$GIT_COMMIT", "cpus": $(nproc),
 "load_average_at_start": "$LOADAVG_START", "load_average_at_end": "$(cut -d' ' -f1-3 /proc/loadavg)",
 "postgresql": "$(sql -c 'SHOW server_version')", "workers": $WORKERS, "service_java_opts": "${SERVICE_JAVA_OPTS:-}",
 "read_body_bytes": $BODY_BYTES, "seeded_runs": $SEED_RUNS, "seed_seconds": $SEED_SECS,
 "runs_in_table": $TOTAL_RUNS, "runs_of_bench_team": $TEAM_RUNS, "jfr": $( [ "$JFR" = 1 ] && echo true || echo false )}
EOF
cp "$WORK/service.log" "$BENCH/results/$TS-service.log" 2>/dev/null || true
bench report --dir "$WORK" --result "$BENCH/results/$TS.json" --markdown "$BENCH/results/$TS.md"
rm -rf "$WORK"  # everything worth keeping was copied to bench/results
