"""`critique-paint report RUN_DIR`: the run report of a finished or running GRPO run, written again from its archive."""

from __future__ import annotations

from pathlib import Path

import rich_click as click

from critique_paint.base.console import out
from critique_paint.errors import ConfigError


@click.command("report", short_help="write a GRPO run's report, plots and gallery from its rollout archive")
@click.argument("run_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
def report(run_dir: Path) -> int:
    """Reads RUN_DIR/rollouts (steps.jsonl and each step's rollouts.jsonl) and writes RUN_DIR/report.md (what the
    run shows, the thirds table with slope t, per-step figures, shapes, reference draw, per-turn gains),
    report_*.png and gallery.html. Safe while the run is still going: it reads what has been archived."""
    from critique_paint.train.report import write_report

    if not (run_dir / "rollouts" / "steps.jsonl").is_file():
        raise ConfigError(f"{run_dir} holds no rollout archive (rollouts/steps.jsonl); pass a `grpo` run folder")
    path = write_report(run_dir)
    out.print(f"report: {path}\ngallery: {run_dir / 'gallery.html'}")
    for line in path.read_text(encoding="utf-8").splitlines()[2:3]:
        out.print(line)
    return 0
