"""The reward under attack (`critique-paint reward attack`).

    python benchmarks/reward_attack.py [--renders N] [--preset P] [--subjects S] [--out DIR]

It attacks a preset (default `offline`) with every generator family and prints, per family and
subject, the best find against the weakest and median love painting of that subject (the baseline, scored by the
same preset in the same run), then the worst ratio among the held-out and the training families, the renders
used and how the best score grew with them. Exit status 1 when a held-out family's best find is over half the
weakest good painting of a subject.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "runs" / "reward-attack"
CACHE = OUT / "render-cache"


def attack(renders: int, preset: str, families: str, subjects: str | None, out: Path, seed: int = 0) -> dict:
    """Run the command in a fresh interpreter (so a refitted critic is the one attacked) and read its JSON."""
    cmd = [sys.executable, "-m", "critique_paint.cli", "reward", "attack", "--preset", preset, "--renders",
           str(renders), "--families", families, "--out", str(out), "--cache", str(CACHE), "--seed", str(seed),
           "--json"]
    if subjects:
        cmd += ["--subjects", subjects]
    proc = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"reward attack failed with exit {proc.returncode}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def print_table(data: dict) -> int:
    print(f"preset {data['preset']}: {data['renders']} renders ({data['fresh_renders']} painted, "
          f"{data['cache_hits']} cached, {data['rejected']} under the paint floor) in {data['seconds']:.0f} s\n")
    print(f"{'family':<16}{'held out':>9}  {'subject':<20}{'best':>7}{'weakest':>9}{'median':>8}{'ratio':>7}")
    for r in data["families"]:
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
        flag = "  over half" if r["ratio"] is not None and r["ratio"] > data["safe_ratio"] else ""
        print(f"{r['family']:<16}{'yes' if r['held_out'] else '':>9}  {r['subject']:<20}{r['best']:>7.3f}"
              f"{r['weakest_good'] or 0:>9.3f}{r['median_good'] or 0:>8.3f}{ratio:>7}{flag}")
    failed = 0
    for held in (True, False):
        rows = [r for r in data["families"] if r["held_out"] == held and r["ratio"] is not None]
        if rows:
            worst = max(rows, key=lambda r: r["ratio"])
            over = sum(r["ratio"] > data["safe_ratio"] for r in rows)
            print(f"\n{'held-out' if held else 'training'} families: worst {worst['family']} on {worst['subject']} "
                  f"{worst['best']:.3f} = {worst['ratio']:.2f} x the weakest good painting; {over} of {len(rows)} "
                  f"family-subject pairs over {data['safe_ratio']}")
            failed += over if held else 0
    steps = data["growth"]
    print("\nbest score by renders (all families / held-out): " + ", ".join(
        f"{g['renders']}: {g['best']:.3f}/{'-' if g['best_held_out'] is None else format(g['best_held_out'], '.3f')}"
        for g in steps))
    print(f"contact sheet: {data['sheet']}")
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--renders", type=int, default=240)
    ap.add_argument("--preset", default="offline")
    ap.add_argument("--subjects", default=None, help="comma-separated (default: the command's)")
    ap.add_argument("--out", type=Path, default=OUT / "attack")
    args = ap.parse_args()
    return print_table(attack(args.renders, args.preset, "all", args.subjects, args.out))


if __name__ == "__main__":
    sys.exit(main())
