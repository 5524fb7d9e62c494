#!/usr/bin/env bash
# Runs the Node conformance test against a service started from server/target/agentruns.jar
# (fresh data dir, known admin key, a free port). Used by NodeConformanceIT and by hand:
#   conformance/run.sh [path/to/agentruns.jar]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
JAR="${1:-$ROOT/server/target/agentruns.jar}"
JAVA="${JAVA:-${JAVA_HOME:+$JAVA_HOME/bin/}java}"
[[ -f "$JAR" ]] || { echo "conformance: $JAR not found; build with ./mvnw -DskipTests package" >&2; exit 1; }

DATA="$(mktemp -d)"
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18080)"
KEY="ar_conformance-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
LOG="$DATA/server.log"
# The embedded worker is off: this test checks the API's wire format on runs as created (QUEUED).
AGENTRUNS_WORKER_ENABLED=false AGENTRUNS_PORT="$PORT" AGENTRUNS_DATA_DIR="$DATA" AGENTRUNS_BOOTSTRAP_API_KEY="$KEY" AGENTRUNS_DATABASE_URL= \
  "$JAVA" -jar "$JAR" serve >"$LOG" 2>&1 &
PID=$!
cleanup() { kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DATA"; }
trap cleanup EXIT

for _ in $(seq 1 240); do
  if curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$PID" 2>/dev/null; then echo "conformance: the service exited:" >&2; cat "$LOG" >&2; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null || { echo "conformance: service not ready" >&2; tail -50 "$LOG" >&2; exit 1; }

cd "$HERE"
[[ -d node_modules/oz-agent-sdk ]] || npm ci --no-audit --no-fund
AGENTRUNS_BASE_URL="http://127.0.0.1:$PORT/api/v1" AGENTRUNS_API_KEY="$KEY" node --test --test-concurrency=1 test/ \
  || { echo "conformance: failed; server log tail:" >&2; tail -40 "$LOG" >&2; exit 1; }
