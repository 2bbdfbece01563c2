"""`critique-paint pool ...`: verify, render, sample, sheet, import, add, rate, judge, stats, push."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import statistics
from collections import defaultdict
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from critique_paint.cli import UsageError, err, out, read_sketch_file
from critique_paint.paths import POOL_DIR
from critique_paint.pool.build import apply_judging, check_manifest, import_metadata, paths_for, rerender_drift
from critique_paint.pool.chains import improving_chains
from critique_paint.pool.manifest import TIERS, load_manifest, write_manifest
from critique_paint.pool.sampler import sample_references
from critique_paint.render.pages import RenderPool
from critique_paint.viewer import can_open_images, open_image

CANDIDATES = "candidates"


def register(sub: argparse._SubParsersAction) -> None:
    pool = sub.add_parser("pool", help="manage the reference pool (verify, render, sample, sheet, add, rate)")
    pool.add_argument("--pool", default=str(POOL_DIR), metavar="DIR", help="pool folder (default: the bundled one)")
    cmds = pool.add_subparsers(dest="pool_command", metavar="ACTION", required=True)

    p = cmds.add_parser("verify", help="gate + render + manifest consistency + hash drift; exit 1 on problems")
    p.add_argument("--sample", type=int, default=0, help="re-render only N random paintings (default: all)")
    p.add_argument("--no-render", action="store_true", help="skip re-rendering (static checks only)")
    p.set_defaults(func=verify)

    p = cmds.add_parser("render", help="re-render every painting; rewrite PNGs and hashes only with --update")
    p.add_argument("--update", action="store_true")
    p.add_argument("--out", metavar="DIR", help="write fresh renders here (without --update)")
    p.set_defaults(func=render)

    p = cmds.add_parser("sample", help="sample references (half love, half okay) as JSON")
    p.add_argument("--n", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--subject", help="prefer references of this subject")
    p.set_defaults(func=sample)

    p = cmds.add_parser("sheet", help="contact sheet PNG per tier and per subject")
    p.add_argument("--out", default="runs/pool-sheets", metavar="DIR")
    p.set_defaults(func=sheet)

    p = cmds.add_parser("stats", help="counts and coverage statistics per tier and subject")
    p.add_argument("--markdown", action="store_true", help="print Markdown tables (for the README)")
    p.set_defaults(func=stats)

    p = cmds.add_parser("import", help="add paintings from JSONL metadata whose sketches sit in the pool")
    p.add_argument("metadata", nargs="+", metavar="JSONL")
    p.set_defaults(func=import_)

    p = cmds.add_parser("add", help="add sketches as unrated candidates (gated and rendered)")
    p.add_argument("sketches", nargs="+", metavar="SKETCH")
    p.add_argument("--subject", required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--parent", help="id of the painting this one revises")
    p.add_argument("--critique", help="the critique of the parent that motivated this revision")
    p.set_defaults(func=add)

    p = cmds.add_parser("add-sheet", help="add a painter's sheet (JSONL: file, subject, parent_file, critique) as "
                                          "unrated candidates with pool ids <prefix>-NN and -rK")
    p.add_argument("sheet", metavar="JSONL")
    p.add_argument("--prefix", required=True, help="id prefix for the sheet's subject, e.g. koi")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=add_sheet)

    p = cmds.add_parser("rate", help="rate candidates one at a time: l=love o=okay r=reject s=skip q=quit")
    p.add_argument("--no-open", action="store_true", help="do not open images in a viewer")
    p.set_defaults(func=rate)

    p = cmds.add_parser("judge", help="take in judged candidates and re-derive every tier and improving revision "
                                      "step from the blind judging records in <pool>/judging/")
    p.add_argument("--dry-run", action="store_true", help="print what would change, change nothing")
    p.set_defaults(func=judge)

    p = cmds.add_parser("push", help="upload the pool to the Hugging Face Hub as a dataset (needs network)")
    p.add_argument("--repo", required=True, help="dataset repo id, e.g. you/critique-paint-pool")
    p.add_argument("--public", action="store_true")
    p.add_argument("--yes", action="store_true", help="required: confirms the upload")
    p.set_defaults(func=push)


def _progress(total: int, label: str) -> Progress:
    cols = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    return Progress(*cols, console=err, transient=True, disable=total < 2)


async def _rerender(pool_dir: Path, entries, *, update=False, out_dir=None) -> list[str]:
    with _progress(len(entries), "rendering pool") as progress:
        task = progress.add_task("r", total=len(entries))
        async with RenderPool() as pool:
            return await rerender_drift(pool_dir, entries, pool, lambda: progress.advance(task),
                                        update=update, out_dir=out_dir)


def _report(problems: list[str], ok_line: str) -> int:
    if problems:
        err.print(f"[red]{len(problems)} problem(s):[/]")
        for p in problems:
            err.print(f"  - {p}", highlight=False)
        return 1
    out.print(ok_line)
    return 0


def verify(args: argparse.Namespace) -> int:
    pool_dir = Path(args.pool)
    entries = load_manifest(pool_dir)
    problems = check_manifest(pool_dir, entries)
    checked = 0
    if not args.no_render:
        todo = entries
        if args.sample:
            todo = random.Random(0).sample(entries, min(args.sample, len(entries)))
        problems += asyncio.run(_rerender(pool_dir, todo))
        checked = len(todo)
    return _report(problems, f"pool ok: {len(entries)} paintings, {checked} re-rendered byte-identical")


def render(args: argparse.Namespace) -> int:
    pool_dir = Path(args.pool)
    entries = load_manifest(pool_dir)
    problems = asyncio.run(_rerender(pool_dir, entries, update=args.update,
                                     out_dir=Path(args.out) if args.out else None))
    if args.update:
        write_manifest(pool_dir, entries)
    return _report(problems, f"rendered {len(entries)} paintings" + (" and updated the manifest" if args.update
                                                                    else ", all identical to the manifest"))


def sample(args: argparse.Namespace) -> int:
    entries = load_manifest(Path(args.pool))
    try:
        chosen = sample_references(entries, n=args.n, seed=args.seed, subject=args.subject)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print(json.dumps([{"id": e.id, "tier": e.tier, "subject": e.subject, "render": e.render,
                       "source": e.source} for e in chosen], indent=2))
    return 0


def sheet(args: argparse.Namespace) -> int:
    from critique_paint.sheet import contact_sheet

    pool_dir, out_dir = Path(args.pool), Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list] = defaultdict(list)
    for e in load_manifest(pool_dir):
        groups[f"tier-{e.tier}"].append(e)
        groups["subject-" + e.subject.removeprefix("a ").replace(" ", "-")].append(e)
    for name, items in sorted(groups.items()):
        img = contact_sheet([pool_dir / e.render for e in items],
                            [f"{e.id} · {e.tier} · {e.paint_fraction:.0%}" for e in items],
                            thumb=200, title=f"{name} ({len(items)})")
        img.save(out_dir / f"{name}.png")
        out.print(f"{out_dir / name}.png  ({len(items)} paintings)")
    return 0


def coverage_rows(entries) -> list[tuple[str, int, float, float, float, float]]:
    """(tier, n, min, median, mean, max) of paint fraction per tier."""
    rows = []
    for tier in TIERS:
        pf = [e.paint_fraction for e in entries if e.tier == tier]
        if pf:
            rows.append((tier, len(pf), min(pf), statistics.median(pf), statistics.fmean(pf), max(pf)))
    return rows


def subject_rows(entries) -> list[tuple[str, int, int, int, float, int, int]]:
    """(subject, love, okay, rejected, share of the references, revision steps, improving steps) per subject."""
    refs = sum(1 for e in entries if e.is_reference) or 1
    rows = []
    for subject in sorted({e.subject for e in entries}):
        es = [e for e in entries if e.subject == subject]
        n = {t: sum(1 for e in es if e.tier == t) for t in TIERS}
        steps = [e for e in es if e.parent_id]
        rows.append((subject, n["love"], n["okay"], n["rejected"], (n["love"] + n["okay"]) / refs, len(steps),
                     sum(1 for e in steps if e.improves)))
    return rows


def composition_line(pool_dir: Path, entries) -> str:
    from critique_paint.pool.composition import BANDING, LOW_KEY, OFF_CENTRE, composition

    comps = [composition((pool_dir / e.render).read_bytes()) for e in entries if e.is_reference]
    return (f"Compositions among the {len(comps)} references: low-key (mean luminance < {LOW_KEY}) "
            f"{sum(c.low_key for c in comps)}, off-centre (paint's centre of mass > {OFF_CENTRE:.0%} of the sheet "
            f"from its centre) {sum(c.off_centre for c in comps)}, horizontal (rows vary > {BANDING}x more than "
            f"columns: landscape-format scenes and banded skies) {sum(c.landscape for c in comps)}")


def stats(args: argparse.Namespace) -> int:
    entries = load_manifest(Path(args.pool))
    rows = subject_rows(entries)
    steps, improving = sum(r[5] for r in rows), sum(r[6] for r in rows)
    chains = len(improving_chains(entries))
    if args.markdown:
        print("| tier | paintings | min coverage | median | mean | max |\n|---|---|---|---|---|---|")
        for tier, n, lo, med, mean, hi in coverage_rows(entries):
            print(f"| {tier} | {n} | {lo:.1%} | {med:.1%} | {mean:.1%} | {hi:.1%} |")
        print("\n| subject | love | okay | rejected | share of references | revision steps | improving |\n"
              "|---|---|---|---|---|---|---|")
        for subject, love, okay, rej, share, n_steps, n_good in rows:
            print(f"| {subject} | {love} | {okay} | {rej} | {share:.0%} | {n_steps} | {n_good} |")
        print(f"\nRevision steps: {steps}, of which {improving} improve; SFT chains (improving steps only): {chains}")
        print(f"\n{composition_line(Path(args.pool), entries)}")
        return 0
    table = Table(title="coverage (paint fraction) per tier")
    for col in ("tier", "n", "min", "median", "mean", "max"):
        table.add_column(col)
    for tier, n, lo, med, mean, hi in coverage_rows(entries):
        table.add_row(tier, str(n), f"{lo:.1%}", f"{med:.1%}", f"{mean:.1%}", f"{hi:.1%}")
    out.print(table)
    table = Table(title=f"paintings per subject ({steps} revision steps, {improving} improving, "
                        f"{chains} SFT chains)")
    for col in ("subject", *TIERS, "refs share", "revisions", "improving"):
        table.add_column(col, justify="left" if col == "subject" else "right", no_wrap=True)
    for subject, love, okay, rej, share, n_steps, n_good in rows:
        table.add_row(subject, str(love), str(okay), str(rej), f"{share:.0%}", str(n_steps), str(n_good))
    out.print(table)
    out.print(composition_line(Path(args.pool), entries), highlight=False)
    return 0


def judge(args: argparse.Namespace) -> int:
    """Accept candidates that have a blind grade, then re-derive every tier from the judging records."""
    from critique_paint.pool.judging import load_grades

    pool_dir = Path(args.pool)
    graded = load_grades(pool_dir)
    rows = _read_candidates(pool_dir)
    judged = [r for r in rows if r["id"] in graded]
    if judged and not args.dry_run:
        for row in judged:
            _accept(pool_dir, row, "okay")
        _write_candidates(pool_dir, [r for r in rows if r["id"] not in graded])
    entries = load_manifest(pool_dir)
    changes = apply_judging(pool_dir, entries, dry_run=args.dry_run)
    for line in changes:
        out.print(line, highlight=False)
    verb = "would change" if args.dry_run else "changed"
    out.print(f"{len(judged)} candidate(s) taken in, {verb} {len(changes)} tier(s)")
    return 0


def import_(args: argparse.Namespace) -> int:
    pool_dir = Path(args.pool)
    files = [Path(f) for f in args.metadata]
    total = sum(1 for f in files for line in f.read_text().splitlines() if line.strip())

    async def go():
        with _progress(total, "importing") as progress:
            task = progress.add_task("i", total=total)
            async with RenderPool() as pool:
                return await import_metadata(pool_dir, files, pool, lambda: progress.advance(task))

    report = asyncio.run(go())
    out.print(f"imported {len(report.added)} paintings")
    return _report(report.problems, "no problems")


def _candidates_file(pool_dir: Path) -> Path:
    return pool_dir / CANDIDATES / "candidates.jsonl"


def _read_candidates(pool_dir: Path) -> list[dict]:
    path = _candidates_file(pool_dir)
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _write_candidates(pool_dir: Path, rows: list[dict]) -> None:
    path = _candidates_file(pool_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def add(args: argparse.Namespace) -> int:
    from critique_paint.sketch import extract_sketch

    pool_dir = Path(args.pool)
    known = _known_ids(pool_dir)
    if args.parent and args.parent not in known:
        raise UsageError(f"--parent {args.parent} is not in the pool or the candidates")
    if args.parent and not args.critique:
        raise UsageError("a revision needs --critique (the critique of the parent that motivated it)")
    items = []
    for f in args.sketches:
        stem, cid, n = Path(f).stem, Path(f).stem, 1
        while cid in known:
            n += 1
            cid = f"{stem}-{n}"
        known.add(cid)
        items.append({"id": cid, "source": extract_sketch(read_sketch_file(f)), "subject": args.subject,
                      "parent_id": args.parent, "critique": args.critique})
    return _add_candidates(pool_dir, items, args.seed)


def add_sheet(args: argparse.Namespace) -> int:
    from critique_paint.pool.build import sheet_rows
    from critique_paint.sketch import extract_sketch

    pool_dir = Path(args.pool)
    rows = sheet_rows(Path(args.sheet), args.prefix, _known_ids(pool_dir))
    items = [{**r, "source": extract_sketch(read_sketch_file(r.pop("file")))} for r in rows]
    return _add_candidates(pool_dir, items, args.seed)


def _known_ids(pool_dir: Path) -> set[str]:
    known = {e.id for e in load_manifest(pool_dir)} if (pool_dir / "manifest.jsonl").exists() else set()
    return known | {r["id"] for r in _read_candidates(pool_dir)}


def _add_candidates(pool_dir: Path, items: list[dict], seed: int) -> int:
    """Gate and render items {id, source, subject, parent_id, critique} into candidates/; a revision whose
    parent did not make it is not added either."""
    from critique_paint.pipeline import paint_sketch

    async def go():
        async with RenderPool() as pool:
            return await asyncio.gather(*(paint_sketch(pool, it["source"], seed=seed) for it in items))

    rows = _read_candidates(pool_dir)
    failed: set[str] = set()
    status = 0
    for it, verdict in zip(items, asyncio.run(go()), strict=True):
        cid = it["id"]
        if it["parent_id"] in failed:
            err.print(f"{cid}: not added, its parent {it['parent_id']} was not added")
            failed.add(cid)
            status = 1
            continue
        if verdict.png is None or not (verdict.passed or verdict.codes == ["blank"]):
            err.print(f"{cid}: not added, the gate rejected it: {', '.join(verdict.codes)}")
            failed.add(cid)
            status = 1
            continue
        folder = pool_dir / CANDIDATES
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{cid}.js").write_text(it["source"])
        (folder / f"{cid}.png").write_bytes(verdict.png)
        rows.append({"id": cid, "subject": it["subject"], "seed": seed, "parent_id": it["parent_id"],
                     "critique": it["critique"], "paint_fraction": verdict.paint_fraction,
                     "render_ms": verdict.render_ms, "backend": verdict.backend})
        out.print(f"added candidate {cid} ({verdict.paint_fraction:.1%} paint): {folder / cid}.png")
    _write_candidates(pool_dir, rows)
    return status


def rate(args: argparse.Namespace) -> int:
    """Rate candidates; each decision is written at once, so quitting and re-running resumes."""
    pool_dir = Path(args.pool)
    rows = _read_candidates(pool_dir)
    if not rows:
        out.print("no candidates to rate (add some with `critique-paint pool add`)")
        return 0
    keys = {"l": "love", "o": "okay", "r": "rejected"}
    for row in list(rows):
        png = pool_dir / CANDIDATES / f"{row['id']}.png"
        out.print(f"\n[bold]{row['id']}[/] · {row['subject']} · {row['paint_fraction']:.1%} paint\n  {png}")
        if not args.no_open and can_open_images():
            open_image(png)
        while True:
            try:
                answer = input("  [l]ove / [o]kay / [r]eject / [s]kip / [q]uit > ").strip().lower()[:1]
            except EOFError:
                answer = "q"
            if answer in {"l", "o", "r", "s", "q"}:
                break
        if answer == "q":
            break
        if answer == "s":
            continue
        _accept(pool_dir, row, keys[answer])
        rows.remove(row)
        _write_candidates(pool_dir, rows)
        out.print(f"  -> {keys[answer]}")
    out.print(f"{len(rows)} candidate(s) left")
    return 0


def _accept(pool_dir: Path, row: dict, tier: str) -> None:
    from critique_paint.pool.build import new_entry

    source_rel, render_rel = paths_for(row["id"], tier)
    for rel, ext in ((source_rel, "js"), (render_rel, "png")):
        (pool_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.move(pool_dir / CANDIDATES / f"{row['id']}.{ext}", pool_dir / rel)
    entries = load_manifest(pool_dir) if (pool_dir / "manifest.jsonl").exists() else []
    entries.append(new_entry(row, tier, (pool_dir / source_rel).read_bytes(), (pool_dir / render_rel).read_bytes(),
                             paint_fraction=row["paint_fraction"], render_ms=row.get("render_ms") or 0.0,
                             backend=row.get("backend", "llvmpipe")))
    write_manifest(pool_dir, entries)


def push(args: argparse.Namespace) -> int:
    from critique_paint.pool.dataset import push_pool

    if not args.yes:
        raise UsageError("pushing uploads the pool to the Hub: add --yes to confirm")
    url = push_pool(Path(args.pool), args.repo, private=not args.public)
    out.print(f"pushed to {url}")
    return 0
