"""Tokens a revision generates written as one `paint` call (the baseline) against `edit` calls.

Sources: the reference pool's revision pairs (a love/okay painting and its love/okay revision, `-r1`/`-r2`) and
the demo's synthetic repairs (`pool.synthetic.repair_edit(f)` against `flower_sketch([f])`). A revision's edits
are `sketch.edits.minimal_edits` (a pair without a clean unique edit falls back to paint). Each move is rendered
through the chat template as the assistant's tool-call turn (up to its end-of-turn token: what a policy
generates) and measured twice: in tokens of the tiny tokenizer (`models.loading`, trained on the pool's own
sketches: Qwen's tokenizer is not available offline) and as characters / 4 (DESIGN's length estimate).
"Written as edits": the revisions the SFT corpus writes as edit calls (`train.datasets.revision_move`: where
the edits are shorter than the sketch); the episode table's "with edits" writes each revision that way.

    python benchmarks/revision_tokens.py [--limit N] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from itertools import permutations
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

MEASURES = ("tiny", "chars4")
MEASURE_NAMES = {"tiny": "tiny tokens", "chars4": "chars/4"}
SUBJECT = "a peach hibiscus"
ACTIONS = ("paint", "edit")


@dataclass
class Revision:
    """One revision: its tokens as a paint call and as edit calls (paint's where the edits fall back)."""

    id: str
    paint: dict[str, int]
    edit: dict[str, int]
    edits: int  # edit calls; 0 when minimal_edits falls back to paint
    fallback: bool
    written_as_edits: bool  # what the SFT corpus writes: edits where shorter than the sketch

    def ratio(self, measure: str) -> float:
        return self.edit[measure] / self.paint[measure]

    def chosen(self, measure: str) -> int:
        return self.edit[measure] if self.written_as_edits else self.paint[measure]


class TurnMeter:
    """Measures an assistant turn as the chat template renders it after a fixed prompt (`reply_ids`' method)."""

    def __init__(self, tok: Any):
        from critique_paint.env.protocol import system_message, task_text, tool_schemas

        self.tok = tok
        self.messages = [system_message(actions=ACTIONS),
                         {"role": "user", "content": task_text(SUBJECT, 3, actions=ACTIONS)}]
        self.kwargs = {"tools": tool_schemas(ACTIONS), "tokenize": False, "enable_thinking": False}
        self.prompt = tok.apply_chat_template(self.messages, add_generation_prompt=True, **self.kwargs)

    def text(self, reply: dict) -> str:
        full = self.tok.apply_chat_template([*self.messages, reply], **self.kwargs)
        if not full.startswith(self.prompt):
            raise ValueError("the chat template does not render the reply after its generation prompt")
        turn = full[len(self.prompt):]
        return turn[:turn.index(self.tok.eos_token) + len(self.tok.eos_token)]

    def measure(self, reply: dict) -> dict[str, int]:
        text = self.text(reply)
        return {"tiny": len(self.tok(text, add_special_tokens=False)["input_ids"]), "chars4": math.ceil(len(text) / 4)}


def revision(meter: TurnMeter, rid: str, before: str, after: str, edits: Sequence[Any] | None = None) -> Revision:
    """`after` as a paint call and as edit calls (`edits`, else minimal_edits) of `before`."""
    from critique_paint.env.protocol import edit_call, paint_call
    from critique_paint.sketch.edits import minimal_edits
    from critique_paint.train.datasets import revision_move

    paint = meter.measure(paint_call(after))
    try:
        found = list(edits) if edits is not None else minimal_edits(before, after)
    except ValueError:
        return Revision(rid, paint, paint, 0, True, False)
    written = edits is not None or not isinstance(revision_move(before, after), str)
    return Revision(rid, paint, meter.measure(edit_call(found)), len(found), False, written)


def pool_pairs(pool: Path, limit: int | None) -> list[tuple[str, str, str]]:
    """(id, parent source, revision source) of every revision whose painting and parent are love or okay."""
    from critique_paint.pool.manifest import load_manifest

    entries = load_manifest(pool)
    by_id = {e.id: e for e in entries}
    pairs = [(e.id, by_id[e.parent_id].source_text(pool).strip(), e.source_text(pool).strip())
             for e in sorted(entries, key=lambda e: e.id)
             if e.parent_id in by_id and e.is_reference and by_id[e.parent_id].is_reference]
    return pairs[:limit] if limit else pairs


def pool_chains(pool: Path, limit: int | None) -> list[list[tuple[str, str]]]:
    """The pool's love/okay chains of three paintings (draft, -r1, -r2): (id, source) each."""
    from critique_paint.pool.chains import all_chains
    from critique_paint.pool.manifest import load_manifest

    chains = [c for c in all_chains(load_manifest(pool)) if len(c) == 3 and all(e.is_reference for e in c)]
    chains = chains[:limit] if limit else chains
    return [[(e.id, e.source_text(pool).strip()) for e in c] for c in chains]


def demo_repairs(meter: TurnMeter) -> list[Revision]:
    from critique_paint.pool.synthetic import FAULTS, flower_sketch, repair_edit

    return [revision(meter, f"repair {f}", flower_sketch(), flower_sketch([f]), [repair_edit(f)]) for f in FAULTS]


def episode(meter: TurnMeter, eid: str, draft: str, revisions: list[Revision]) -> dict[str, Any]:
    """A 3-painting episode's generated tokens: the draft painted, then its revisions painted or written as
    the corpus writes them."""
    from critique_paint.env.protocol import paint_call

    first = meter.measure(paint_call(draft))
    return {"id": eid, **{m: {"paint_only": first[m] + sum(r.paint[m] for r in revisions),
                              "with_edits": first[m] + sum(r.chosen(m) for r in revisions)} for m in MEASURES}}


def pool_episodes(meter: TurnMeter, chains: list[list[tuple[str, str]]]) -> list[dict[str, Any]]:
    out = []
    for chain in chains:
        revs = [revision(meter, b[0], a[1], b[1]) for a, b in zip(chain, chain[1:], strict=False)]
        out.append(episode(meter, chain[0][0], chain[0][1], revs))
    return out


def demo_episodes(meter: TurnMeter) -> list[dict[str, Any]]:
    """The draft, then one targeted repair, then a second: every order of two of the three faults."""
    from critique_paint.pool.synthetic import FAULTS, flower_sketch, repair_edit
    from critique_paint.sketch.edits import minimal_edits

    out = []
    for a, b in permutations(FAULTS, 2):
        once, twice = flower_sketch([a]), flower_sketch([a, b])
        revs = [revision(meter, a, flower_sketch(), once, [repair_edit(a)]),
                revision(meter, b, once, twice, minimal_edits(once, twice))]
        out.append(episode(meter, f"{a} then {b}", flower_sketch(), revs))
    return out


def quartiles(xs: Sequence[float]) -> tuple[float, float, float]:
    if len(xs) == 1:
        return xs[0], xs[0], xs[0]
    q1, q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return q1, q2, q3


def summary(revisions: list[Revision], measure: str) -> dict[str, Any]:
    def q(f: Callable[[Revision], float], rows: list[Revision]) -> list[float] | None:
        return [round(x, 3) for x in quartiles([f(r) for r in rows])] if rows else None

    written = [r for r in revisions if r.written_as_edits]
    return {"n": len(revisions), "paint": q(lambda r: r.paint[measure], revisions),
            "edit": q(lambda r: r.edit[measure], revisions), "ratio": q(lambda r: r.ratio(measure), revisions),
            "fallback": sum(r.fallback for r in revisions), "written_as_edits": len(written),
            "written_ratio": q(lambda r: r.ratio(measure), written),
            "mean_ratio_as_written": round(statistics.fmean(r.chosen(measure) / r.paint[measure]
                                                            for r in revisions), 3)}


def episode_summary(episodes: list[dict[str, Any]], measure: str) -> dict[str, Any]:
    paint = [e[measure]["paint_only"] for e in episodes]
    edits = [e[measure]["with_edits"] for e in episodes]
    return {"n": len(episodes), "paint_only": statistics.median(paint), "with_edits": statistics.median(edits),
            "paint_over_edits": [round(x, 2) for x in quartiles([p / e for p, e in zip(paint, edits, strict=True)])]}


def _q(q: list[float] | None, fmt: str) -> str:
    return "-" if q is None else f"{q[1]:{fmt}} ({q[0]:{fmt}}-{q[2]:{fmt}})"


def print_tables(result: dict[str, Any]) -> None:
    print("Revisions: generated tokens of one revision, median (quartiles); baseline = paint")
    print("| source | measure | n | paint | edit | edit / paint | fallback | written as edits | their edit / paint "
          "| mean as written / paint |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for source, by_measure in result["revisions"].items():
        for m, s in by_measure.items():
            print(f"| {source} | {MEASURE_NAMES[m]} | {s['n']} | {_q(s['paint'], ',.0f')} | {_q(s['edit'], ',.0f')} "
                  f"| {_q(s['ratio'], '.2f')} | {s['fallback']} | {s['written_as_edits']} | "
                  f"{_q(s['written_ratio'], '.2f')} | {s['mean_ratio_as_written']:.2f} |")
    print("\n3-painting episodes (draft + 2 revisions): generated tokens, median; revisions written as the corpus "
          "writes them")
    print("| source | measure | n | paint only | with edits | paint only / with edits (quartiles) |")
    print("|---|---|---:|---:|---:|---:|")
    for source, by_measure in result["episodes"].items():
        for m, s in by_measure.items():
            r = s["paint_over_edits"]
            print(f"| {source} | {MEASURE_NAMES[m]} | {s['n']} | {s['paint_only']:,.0f} | {s['with_edits']:,.0f} | "
                  f"{r[1]:.2f} ({r[0]:.2f}-{r[2]:.2f}) |")


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=Path, help="the reference pool (default: the project's)")
    parser.add_argument("--limit", type=int, help="only the first N pool pairs and chains")
    parser.add_argument("--cache", type=Path, default=Path("runs") / "cache", help="the tiny tokenizer's cache")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    args = parser.parse_args(argv)

    from critique_paint.models.loading import build_tokenizer
    from critique_paint.paths import pool_dir

    pool = args.pool or pool_dir()
    meter = TurnMeter(build_tokenizer(args.cache))
    sources = {"pool pairs": [revision(meter, *p) for p in pool_pairs(pool, args.limit)],
               "demo repairs": demo_repairs(meter)}
    episodes = {"pool chains": pool_episodes(meter, pool_chains(pool, args.limit)), "demo": demo_episodes(meter)}
    result = {"revisions": {k: {m: summary(v, m) for m in MEASURES} for k, v in sources.items()},
              "episodes": {k: {m: episode_summary(v, m) for m in MEASURES} for k, v in episodes.items() if v},
              "pairs": {k: [asdict(r) for r in v] for k, v in sources.items()}}
    if args.json:
        print(json.dumps(result))
    else:
        print_tables(result)
    return result


if __name__ == "__main__":
    main()
