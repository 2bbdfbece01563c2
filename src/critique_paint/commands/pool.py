"""`critique-paint pool ...`: verify, render, sample, sheet, stats, import, add, add-sheet, rate, judge, push."""

from __future__ import annotations

import asyncio
import functools
import json
import random
from collections import defaultdict
from pathlib import Path

import rich_click as click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from critique_paint.base.console import err, out, read_sketch_file
from critique_paint.commands.options import FloatRange, IntRange, sketch_files
from critique_paint.errors import UsageError
from critique_paint.paths import POOL_ENV, pool_dir
from critique_paint.pool.build import apply_judging, check_manifest, import_metadata, rerender_drift
from critique_paint.pool.candidates import (
    Added,
    accept,
    add_candidates,
    candidates_dir,
    known_ids,
    new_ids,
    read_candidates,
    take_in_judged,
    write_candidates,
)
from critique_paint.pool.chains import improving_chains
from critique_paint.pool.manifest import TIERS, load_manifest, write_manifest
from critique_paint.pool.sampler import sample_references
from critique_paint.pool.stats import composition_line, coverage_rows, subject_rows
from critique_paint.render.pages import RenderPool
from critique_paint.show.viewer import can_open_images, open_image


def pass_pool(f):
    """Pass the pool folder first: --pool, else `paths.pool_dir()`, found when the sub-command runs (not for --help)."""

    @click.pass_context
    def run(ctx: click.Context, *args, **kwargs):
        return ctx.invoke(f, ctx.obj or pool_dir(), *args, **kwargs)

    return functools.update_wrapper(run, f)


@click.group(short_help="manage the reference pool (verify, render, sample, sheet, add, rate)")
@click.option("--pool", "pool_dir", metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              help=f"pool folder (default: ${POOL_ENV}, else the source checkout's reference_pool/)")
@click.pass_context
def pool(ctx: click.Context, pool_dir: Path | None) -> None:
    """Manage the reference pool: check it, re-render it, sample references, add and rate candidates."""
    ctx.obj = pool_dir


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


@pool.command(short_help="gate + render + manifest consistency + hash drift; exit 1 on problems")
@click.option("--sample", "sample_n", type=IntRange(min=0), default=0,
              help="re-render only N random paintings (default: all)")
@click.option("--no-render", is_flag=True, help="skip re-rendering (static checks only)")
@pass_pool
def verify(pool_dir: Path, sample_n: int, no_render: bool) -> int:
    """Check the manifest against the files, gate every sketch, and re-render to find hash drift; exit 1 on
    problems."""
    entries = load_manifest(pool_dir)
    problems = check_manifest(pool_dir, entries)
    checked = 0
    if not no_render:
        todo = random.Random(0).sample(entries, min(sample_n, len(entries))) if sample_n else entries
        problems += asyncio.run(_rerender(pool_dir, todo))
        checked = len(todo)
    return _report(problems, f"pool ok: {len(entries)} paintings, {checked} re-rendered byte-identical")


@pool.command("render", short_help="re-render every painting; rewrite PNGs and hashes only with --update")
@click.option("--update", is_flag=True, help="rewrite the PNGs and the manifest's hashes")
@click.option("--out", "out_dir", metavar="DIR", type=click.Path(file_okay=False, path_type=Path),
              help="write fresh renders here (without --update)")
@pass_pool
def render_pool(pool_dir: Path, update: bool, out_dir: Path | None) -> int:
    """Re-render every painting; rewrite PNGs and hashes only with --update."""
    entries = load_manifest(pool_dir)
    problems = asyncio.run(_rerender(pool_dir, entries, update=update, out_dir=out_dir))
    if update:
        write_manifest(pool_dir, entries)
    return _report(problems, f"rendered {len(entries)} paintings" + (" and updated the manifest" if update
                                                                    else ", all identical to the manifest"))


@pool.command(short_help="sample references (half love, half okay by default) as JSON")
@click.option("--n", "n", type=IntRange(min=1), default=4, show_default=True, help="references to sample")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--subject", help="prefer references of this subject")
@click.option("--love-share", type=FloatRange(min=0, max=1), default=0.5, show_default=True,
              help="share of love references, the rest okay (a reference curriculum's value)")
@pass_pool
def sample(pool_dir: Path, n: int, seed: int, subject: str | None, love_share: float) -> int:
    """Sample references the way an episode does (half love, half okay unless --love-share) and print them as
    JSON."""
    try:
        chosen = sample_references(load_manifest(pool_dir), n=n, seed=seed, subject=subject, love_share=love_share)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    click.echo(json.dumps([{"id": e.id, "tier": e.tier, "subject": e.subject, "render": e.render,
                            "source": e.source} for e in chosen], indent=2))
    return 0


@pool.command(short_help="contact sheet PNG per tier and per subject")
@click.option("--out", "out_dir", default="runs/pool-sheets", show_default=True, metavar="DIR",
              type=click.Path(file_okay=False, path_type=Path))
@pass_pool
def sheet(pool_dir: Path, out_dir: Path) -> int:
    """Write a contact sheet PNG per tier and per subject."""
    from critique_paint.show.sheet import contact_sheet

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


@pool.command(short_help="counts and coverage statistics per tier and subject")
@click.option("--markdown", is_flag=True, help="print Markdown tables (for the docs)")
@pass_pool
def stats(pool_dir: Path, markdown: bool) -> int:
    """Counts, coverage per tier, paintings and revision steps per subject, and the references' compositions."""
    entries = load_manifest(pool_dir)
    rows = subject_rows(entries)
    steps, improving = sum(r[5] for r in rows), sum(r[6] for r in rows)
    chains = len(improving_chains(entries))
    if markdown:
        print("| tier | paintings | min coverage | median | mean | max |\n|---|---|---|---|---|---|")
        for tier, n, lo, med, mean, hi in coverage_rows(entries):
            print(f"| {tier} | {n} | {lo:.1%} | {med:.1%} | {mean:.1%} | {hi:.1%} |")
        print("\n| subject | love | okay | rejected | share of references | revision steps | improving |\n"
              "|---|---|---|---|---|---|---|")
        for subject, love, okay, rej, share, n_steps, n_good in rows:
            print(f"| {subject} | {love} | {okay} | {rej} | {share:.0%} | {n_steps} | {n_good} |")
        print(f"\nRevision steps: {steps}, of which {improving} improve; SFT chains (improving steps only): {chains}")
        print(f"\n{composition_line(pool_dir, entries)}")
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
    out.print(composition_line(pool_dir, entries), highlight=False)
    return 0


@pool.command(short_help="take in judged candidates and re-derive every tier and improving revision step from the "
                            "blind judging records in <pool>/judging/")
@click.option("--dry-run", is_flag=True, help="print what would change, change nothing")
@pass_pool
def judge(pool_dir: Path, dry_run: bool) -> int:
    """Accept candidates that have a blind grade, then re-derive every tier from the judging records."""
    from critique_paint.pool.judging import load_grades

    taken = take_in_judged(pool_dir, load_grades(pool_dir), dry_run=dry_run)
    changes = apply_judging(pool_dir, load_manifest(pool_dir), dry_run=dry_run)
    for line in changes:
        out.print(line, highlight=False)
    verb = "would change" if dry_run else "changed"
    out.print(f"{len(taken)} candidate(s) taken in, {verb} {len(changes)} tier(s)")
    return 0


@pool.command("import", short_help="add paintings from JSONL metadata whose sketches sit in the pool")
@click.argument("metadata", nargs=-1, required=True, metavar="JSONL",
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@pass_pool
def import_(pool_dir: Path, metadata: tuple[Path, ...]) -> int:
    """Add paintings from JSONL metadata whose sketches already sit in the pool (gated and rendered)."""
    total = sum(1 for f in metadata for line in f.read_text().splitlines() if line.strip())

    async def go():
        with _progress(total, "importing") as progress:
            task = progress.add_task("i", total=total)
            async with RenderPool() as pages:
                return await import_metadata(pool_dir, list(metadata), pages, lambda: progress.advance(task))

    report = asyncio.run(go())
    out.print(f"imported {len(report.added)} paintings")
    return _report(report.problems, "no problems")


@pool.command(short_help="add sketches as unrated candidates (gated and rendered)")
@sketch_files()
@click.option("--subject", required=True, help="what the sketches paint")
@click.option("--seed", type=int, default=0, show_default=True, help="render seed")
@click.option("--parent", help="id of the painting this one revises")
@click.option("--critique", help="the critique of the parent that motivated this revision")
@pass_pool
def add(pool_dir: Path, sketches: tuple[str, ...], subject: str, seed: int, parent: str | None,
        critique: str | None) -> int:
    """Gate and render sketches and add them as unrated candidates (rate them with `pool rate`)."""
    from critique_paint.sketch import extract_sketch

    known = known_ids(pool_dir)
    if parent and parent not in known:
        raise UsageError(f"--parent {parent} is not in the pool or the candidates")
    if parent and not critique:
        raise UsageError("a revision needs --critique (the critique of the parent that motivated it)")
    ids = new_ids((Path(f).stem for f in sketches), known)
    items = [{"id": cid, "source": extract_sketch(read_sketch_file(f)), "subject": subject, "parent_id": parent,
              "critique": critique} for cid, f in zip(ids, sketches, strict=True)]
    return _print_added(add_candidates(pool_dir, items, seed))


@pool.command("add-sheet", short_help="add a painter's sheet (JSONL: file, subject, parent_file, critique) as "
                                      "unrated candidates with pool ids <prefix>-NN and -rK")
@click.argument("sheet_file", metavar="JSONL", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--prefix", required=True, help="id prefix for the sheet's subject, e.g. koi")
@click.option("--seed", type=int, default=0, show_default=True, help="render seed")
@pass_pool
def add_sheet(pool_dir: Path, sheet_file: Path, prefix: str, seed: int) -> int:
    """Add a painter's sheet (JSONL: file, subject, parent_file, critique) as unrated candidates with pool ids
    <prefix>-NN and, for revisions, -rK."""
    from critique_paint.pool.build import sheet_rows
    from critique_paint.sketch import extract_sketch

    rows = sheet_rows(sheet_file, prefix, known_ids(pool_dir))
    items = [{**r, "source": extract_sketch(read_sketch_file(r.pop("file")))} for r in rows]
    return _print_added(add_candidates(pool_dir, items, seed))


def _print_added(results: list[Added]) -> int:
    for r in results:
        if r.refused:
            err.print(f"{r.id}: not added, {r.refused}")
        else:
            out.print(f"added candidate {r.id} ({r.paint_fraction:.1%} paint): {r.png}")
    return 1 if any(r.refused for r in results) else 0


@pool.command(short_help="rate candidates one at a time: l=love o=okay r=reject s=skip q=quit")
@click.option("--no-open", is_flag=True, help="do not open images in a viewer")
@pass_pool
def rate(pool_dir: Path, no_open: bool) -> int:
    """Rate candidates one at a time: l=love o=okay r=reject s=skip q=quit. Each decision is written at once, so
    quitting and re-running resumes."""
    rows = read_candidates(pool_dir)
    if not rows:
        out.print("no candidates to rate (add some with `critique-paint pool add`)")
        return 0
    keys = {"l": "love", "o": "okay", "r": "rejected"}
    for row in list(rows):
        png = candidates_dir(pool_dir) / f"{row['id']}.png"
        out.print(f"\n[bold]{row['id']}[/] · {row['subject']} · {row['paint_fraction']:.1%} paint\n  {png}")
        if not no_open and can_open_images():
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
        accept(pool_dir, row, keys[answer])
        rows.remove(row)
        write_candidates(pool_dir, rows)
        out.print(f"  -> {keys[answer]}")
    out.print(f"{len(rows)} candidate(s) left")
    return 0


@pool.command(short_help="upload the pool to the Hugging Face Hub as a dataset (needs network)")
@click.option("--repo", required=True, help="dataset repo id, e.g. you/critique-paint-pool")
@click.option("--public", is_flag=True, help="make the dataset public (default: private)")
@click.option("--yes", is_flag=True, help="required: confirms the upload")
@pass_pool
def push(pool_dir: Path, repo: str, public: bool, yes: bool) -> int:
    """Upload the pool to the Hugging Face Hub as a dataset (needs network)."""
    from critique_paint.pool.dataset import push_pool

    if not yes:
        raise UsageError("pushing uploads the pool to the Hub: add --yes to confirm")
    url = push_pool(pool_dir, repo, private=not public)
    out.print(f"pushed to {url}")
    return 0
