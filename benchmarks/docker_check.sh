#!/usr/bin/env bash
# The server's container: build the Dockerfile, run it, check /health through the published port, play one
# two-turn episode against it (the client inside the image), stop it with SIGTERM and expect exit 0.
# Last line: `ok: ...`, `FAIL: ...`, or `not run: ...` where no Docker engine answers.
# Exit codes: 0 ok, 1 FAIL, 77 not run. Options: --port N (host port, default 18003), --keep (leave the image).
set -uo pipefail
cd "$(dirname "$0")/.."
PORT=18003
KEEP=0
while [ $# -gt 0 ]; do
  case "$1" in
    --port) PORT="$2"; shift 2 ;;
    --keep) KEEP=1; shift ;;
    *) echo "usage: $0 [--port N] [--keep]" >&2; exit 2 ;;
  esac
done
IMAGE="critique-paint:check"
NAME="critique-paint-check-$$"

if ! command -v docker >/dev/null; then
  echo "not run: no docker command on this machine (install Docker and run this script there)"
  exit 77
fi
if ! probe=$(docker info 2>&1 >/dev/null); then
  echo "not run: the docker client is here but no Docker engine answers ($(echo "$probe" | grep -m1 -i 'cannot\|error' || echo "$probe" | head -1))"
  exit 77
fi

fail() { echo "FAIL: $*"; exit 1; }
cleanup() {
  docker rm -f "$NAME" >/dev/null 2>&1
  [ "$KEEP" = 1 ] || docker image rm "$IMAGE" >/dev/null 2>&1
}
trap cleanup EXIT

start=$(date +%s)
docker build -t "$IMAGE" . || fail "docker build failed"
built=$(( $(date +%s) - start ))
size=$(docker image inspect "$IMAGE" --format '{{.Size}}' | awk '{printf "%.1f GB", $1 / 1e9}')
echo "built $IMAGE in ${built} s ($size)"

docker run -d --init --name "$NAME" -p "127.0.0.1:${PORT}:8003" "$IMAGE" >/dev/null || fail "docker run failed"
start=$(date +%s)
until curl -fsS "http://127.0.0.1:${PORT}/health" >/dev/null 2>&1; do
  if [ "$(docker inspect -f '{{.State.Running}}' "$NAME")" != "true" ]; then
    docker logs --tail 20 "$NAME"; fail "the container exited before /health answered"
  fi
  if [ $(( $(date +%s) - start )) -gt 180 ]; then
    docker logs --tail 20 "$NAME"; fail "/health did not answer on port ${PORT} within 180 s"
  fi
  sleep 1
done
echo "/health answered on 127.0.0.1:${PORT} after $(( $(date +%s) - start )) s"

episode=$(docker exec -i "$NAME" python - <<'EOF'
import asyncio, time
from critique_paint.env.client import PaintEnvClient
from critique_paint.env.wire import PaintAction
from critique_paint.paths import EXAMPLES_DIR

async def main():
    sketch = sorted(EXAMPLES_DIR.glob("*.js"))[0].read_text()
    client = PaintEnvClient("http://127.0.0.1:8003")
    t0 = time.monotonic()
    try:
        await client.reset(subject="a peach hibiscus", seed=0, max_turns=2)
        steps = [await client.step(PaintAction(sketch=sketch)) for _ in range(2)]
    finally:
        await client.close()
    last = steps[-1]
    ok = last.done and all(s.observation.gate_passed for s in steps) and last.reward is not None
    print(f"{'episode' if ok else 'BAD episode'}: 2 paintings, gate passed {[s.observation.gate_passed for s in steps]}, "
          f"reward {last.reward}, {time.monotonic() - t0:.1f} s")

asyncio.run(main())
EOF
) || { docker logs --tail 20 "$NAME"; fail "the episode failed: $episode"; }
echo "$episode"
case "$episode" in episode:*) ;; *) fail "$episode" ;; esac

docker stop -t 75 "$NAME" >/dev/null
code=$(docker wait "$NAME")
[ "$code" = 0 ] || { docker logs --tail 20 "$NAME"; fail "the server exited with $code after SIGTERM (expected 0)"; }
echo "ok: built in ${built} s ($size), /health on the published port, ${episode#episode: }, stopped with exit 0"
