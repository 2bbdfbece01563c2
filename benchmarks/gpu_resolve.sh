#!/usr/bin/env bash
# Resolve `.[gpu]` from scratch against PyPI, as a GPU user's pip sees it, without installing anything.
#
#   bash benchmarks/gpu_resolve.sh                 # with constraints/gpu.txt; fails on a conflict or on drift
#   bash benchmarks/gpu_resolve.sh --unlocked      # the extra's own ranges alone (what a new release would pick)
#   bash benchmarks/gpu_resolve.sh --update        # resolve the ranges and rewrite constraints/gpu.txt
#   bash benchmarks/gpu_resolve.sh --torch-index https://download.pytorch.org/whl/cu129   # CUDA 12 torch builds
#
# A throwaway venv and HOME under /tmp, pip's configuration files and PIP_* settings ignored (only the TLS trust
# settings pass through), no cache: `pip install --dry-run --ignore-installed --report`. Linux x86_64, Python 3.11.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LOCK="$ROOT/constraints/gpu.txt"
PYTHON="${PYTHON:-python3.11}"
MODE=locked
INDEX=()
while [ $# -gt 0 ]; do
  case "$1" in
    --unlocked) MODE=unlocked ;;
    --update) MODE=update ;;
    --torch-index) INDEX=(--extra-index-url "$2"); shift ;;
    *) echo "error: unknown argument $1 (use --unlocked, --update or --torch-index URL)" >&2; exit 2 ;;
  esac
  shift
done
command -v "$PYTHON" >/dev/null || { echo "error: $PYTHON not found (set PYTHON=... to a Python 3.11)" >&2; exit 2; }
PYTHON="$("$PYTHON" -c 'import sys; print(sys.executable)')"  # the real interpreter, not a shim needing $PATH
"$PYTHON" - <<'EOF' || exit 2
import platform, sys
if sys.version_info[:2] != (3, 11) or platform.system() != "Linux" or platform.machine() != "x86_64":
    sys.exit(f"error: resolve on Linux x86_64 with Python 3.11 (this is {platform.system()} {platform.machine()}, "
             f"Python {platform.python_version()})")
EOF
WORK="$(mktemp -d /tmp/gpu-resolve.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
isolated() {
  env -i PATH=/usr/bin:/bin HOME="$WORK/home" PIP_CONFIG_FILE=/dev/null PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 ${PIP_CERT:+PIP_CERT="$PIP_CERT"} ${SSL_CERT_FILE:+SSL_CERT_FILE="$SSL_CERT_FILE"} \
    "$@"
}
mkdir -p "$WORK/home"
isolated "$PYTHON" -m venv "$WORK/venv"
isolated "$WORK/venv/bin/python" -m pip install -q --upgrade pip
LOADED="$(isolated "$WORK/venv/bin/python" -m pip config list | grep -v "^:env:" || true)"
[ -z "$LOADED" ] || { echo "error: pip still reads configuration files: $LOADED" >&2; exit 2; }
CONSTRAINT=()
[ "$MODE" = locked ] && CONSTRAINT=(-c "$LOCK")
echo "resolving $ROOT[gpu] ($MODE) with $("$WORK/venv/bin/python" -m pip --version | cut -d' ' -f1-2)"
START=$(date +%s)
if ! isolated timeout 1200 "$WORK/venv/bin/python" -m pip install --dry-run --ignore-installed --quiet \
      --report "$WORK/report.json" "${CONSTRAINT[@]}" "${INDEX[@]}" -e "$ROOT[gpu]" > "$WORK/pip.log" 2>&1; then
  grep -v -E "^\s*(Collecting|Downloading|Obtaining|Using cached)" "$WORK/pip.log" | tail -40
  echo "FAIL: .[gpu] does not resolve ($MODE) after $(( $(date +%s) - START )) s"
  exit 1
fi
"$WORK/venv/bin/python" - "$WORK/report.json" "$LOCK" "$MODE" "$(( $(date +%s) - START ))" <<'EOF'
import json, re, sys
report, lock, mode, seconds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
canon = lambda n: re.sub(r"[-_.]+", "-", n).lower()
resolved = {canon(i["metadata"]["name"]): i["metadata"]["version"] for i in json.load(open(report))["install"]}
resolved.pop("critique-paint", None)
key = ["vllm", "torch", "trl", "transformers", "openenv", "fastmcp", "mcp", "peft", "accelerate", "deepspeed",
       "flash-linear-attention", "fla-core", "triton", "trackio", "cuda-toolkit", "nvidia-cuda-runtime"]
width = max(map(len, key))
for name in key:
    print(f"  {name:{width}}  {resolved.get(name, '-')}")
print(f"  {len(resolved)} packages in {seconds} s")
problems = []
if "openenv-core" in resolved:
    problems.append("openenv-core beside openenv: two distributions of one import package")
if int(resolved.get("mcp", "0").split(".")[0]) >= 2:
    problems.append(f"mcp {resolved['mcp']}: openenv 0.10's fastmcp 3.x needs mcp<2")
if mode == "locked":
    locked = {}
    for line in open(lock):
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            locked[canon(name)] = version
    drift = sorted(f"{n} {locked.get(n, 'unlocked')} -> {resolved.get(n, 'absent')}"
                   for n in set(locked) | set(resolved) if locked.get(n) != resolved.get(n))
    if drift:
        problems.append("resolution differs from constraints/gpu.txt: " + "; ".join(drift[:20]))
if mode == "update":
    with open(lock, "w") as fh:
        fh.write("# The resolved GPU set (Linux x86_64, Python 3.11) of `pip install -e '.[gpu]'`; written by\n"
                 "# `bash benchmarks/gpu_resolve.sh --update`, checked by `bash benchmarks/gpu_resolve.sh`.\n"
                 "# Install with: pip install -e '.[gpu]' -c constraints/gpu.txt\n")
        fh.writelines(f"{n}=={v}\n" for n, v in sorted(resolved.items()))
    print(f"  wrote {lock}")
for p in problems:
    print(f"FAIL: {p}")
print("FAIL" if problems else f"ok: .[gpu] resolves ({mode})")
sys.exit(1 if problems else 0)
EOF
