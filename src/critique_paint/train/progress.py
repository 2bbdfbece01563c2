"""What a person watching a training run sees, from the first second: the set-up stages, then each step's
phase (generating round k, painting, training) and, when it ends, its reward, per-turn totals, gate pass
rate, tool calls and revisions (edit and paint shares, their gate pass, generated tokens each, edit failures), with
elapsed time and an estimate of what is left.

A terminal gets a rich live status line; logs and CI get plain lines (`[  12.3s] ...`). With several training
processes only the main one prints; a finished step's figures are those of every rank's rollouts (the archive's).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from rich.console import Console
from rich.markup import escape


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def revisions_text(summary: dict[str, Any]) -> str | None:
    """A step's revisions (`evaluate.rollout_metrics.revision_figures`) in a few words; None without any."""
    figures = summary.get("revisions") or {}
    if not figures.get("revisions") and not figures.get("edit_failures"):
        return None
    tokens = figures.get("tokens")
    text = (f"revisions {figures.get('revisions', 0)}: edit {_pct(figures.get('edit_share'))} / paint "
            f"{_pct(figures.get('paint_share'))}, gate pass {_pct(figures.get('gate_pass'))}, "
            + ("- tokens" if tokens is None else f"{tokens:.0f} tokens") + " each")
    failures = figures.get("edit_failures") or {}
    if failures:
        text += " · edit failures " + ", ".join(f"{code} {n}" for code, n in failures.items())
    return text


class RunProgress:
    """Stage and phase lines for one run; `callback()` is the TrainerCallback that reports steps. Silent unless this
    is the main process (`main`, by default read from the launcher's RANK)."""

    def __init__(self, console: Console, stage_name: str, *, live: bool | None = None, main: bool | None = None):
        from critique_paint.train.ranks import Ranks

        self.console = console
        self.stage_name = stage_name
        self.main = Ranks.from_env().main if main is None else main
        self.ranks = 1  # training processes, once the run knows (phase lines say which rank's share they count)
        self.live = (console.is_terminal if live is None else live) and self.main
        self.start = time.perf_counter()
        self.total_steps: int | None = None
        self.step = 0
        self.step_start: float | None = None
        self.durations: list[float] = []  # seconds per finished step
        self.archive: Any = None  # the GRPO rollout archive, read for each step's paintings
        self._status: Any = None

    def join(self, ranks: Any) -> None:
        """The run's processes (a `train.ranks.Ranks`), once its process group is up: only the main one prints."""
        self.ranks = ranks.count
        self.main = self.main and ranks.main
        self.live = self.live and ranks.main

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def line(self, text: str) -> None:
        """A line that stays (set-up stages, finished steps); flushed, so a log file or pipe has it at once."""
        if not self.main:
            return
        self.console.print(f"[dim][{self.elapsed():7.1f}s][/] {escape(text)}", highlight=False, soft_wrap=True)
        self.console.file.flush()

    def stage(self, text: str) -> None:
        self.line(text)

    def phase(self, text: str) -> None:
        """What the current step is doing: a live status in a terminal, a plain line elsewhere."""
        if not self.main:
            return
        where = f"step {self.step + 1}/{self.total_steps or '?'}"
        message = f"{where} · {text}"
        if self.live:
            if self._status is None:
                self._status = self.console.status(escape(message))
                self._status.start()
            else:
                self._status.update(escape(message))
        else:
            self.line(message)

    def painting(self, round: int, paintings: int) -> None:
        """Generation round `round`'s replies are being painted (this rank's `paintings`)."""
        share = f" (rank 0 of {self.ranks})" if self.ranks > 1 else ""
        self.phase(f"painting round {round}: {paintings} paintings{share}")

    def answered(self, round: int) -> None:
        """Round `round`'s paintings are answered: the next round generates."""
        self.phase(f"generating round {round + 1}")

    def training(self) -> None:
        self.phase("training")

    def stop_status(self) -> None:
        if self._status is not None:
            self._status.stop()
            self._status = None

    def step_line(self, step: int, logs: dict[str, Any]) -> str:
        """`step i/N · took · ETA · ...` with what the step's logs and paintings say."""
        took = time.perf_counter() - (self.step_start or self.start)
        self.durations.append(took)
        total = self.total_steps or step
        eta = statistics.fmean(self.durations) * max(total - step, 0)
        parts = [f"{self.stage_name} step {step}/{total}", f"took {_duration(took)}",
                 f"elapsed {_duration(self.elapsed())}", f"ETA {_duration(eta)}"]
        summary = self.archive.steps[-1] if self.archive is not None and self.archive.steps else None
        if summary is not None and summary.get("step") == step - 1:
            parts.append(f"reward {_num(summary['reward_mean'])} (median {_num(summary['reward_median'])}, "
                         f"best {_num(summary['reward_best'])})")
            per_turn = summary.get("per_turn") or {}
            turns = " / ".join(_num(per_turn[k]) for k in sorted(per_turn, key=int))
            parts.append(f"per turn {turns or '-'}")
            bad = summary.get("bad_share")
            parts.append(f"under {summary['bad_reward']:g} " + ("-" if bad is None else f"{100 * bad:.0f}%"))
            gate = summary.get("gate_pass")
            parts.append("gate pass " + ("-" if gate is None else f"{100 * gate:.0f}%"))
            parts.append(f"paintings {summary.get('paintings_per_rollout') or 0:.2f}/rollout")
            revised = revisions_text(summary)
            if revised:
                parts.append(revised)
            if summary.get("unscored"):
                parts.append(f"unscored {summary['unscored']}")
        elif "loss" in logs:
            parts.append(f"loss {float(logs['loss']):.4f}")
        return " · ".join(parts)

    @staticmethod
    def replace_printer(trainer: Any) -> None:
        """Drop transformers' own reporting (PrinterCallback's log dicts, or the tqdm bar that also writes them)
        from a trainer this progress reports on."""
        from transformers.trainer_callback import PrinterCallback, ProgressCallback

        trainer.remove_callback(PrinterCallback)
        trainer.remove_callback(ProgressCallback)

    def callback(self) -> Any:
        """A TrainerCallback reporting this run's steps."""
        from transformers import TrainerCallback

        progress = self

        class ProgressCallback(TrainerCallback):
            def on_train_begin(self, args, state, control, **kwargs):
                progress.total_steps = state.max_steps
                progress.stage(f"{progress.stage_name}: {state.max_steps} steps")

            def on_step_begin(self, args, state, control, **kwargs):
                progress.step = state.global_step
                progress.step_start = time.perf_counter()
                if progress.stage_name == "grpo":
                    progress.phase("generating round 1")
                elif progress.live:  # an SFT step has one phase: no line each
                    progress.training()

            def on_log(self, args, state, control, logs=None, **kwargs):
                if logs and ("loss" in logs or "reward" in logs) and state.global_step:
                    progress.stop_status()
                    progress.line(progress.step_line(state.global_step, logs))

            def on_train_end(self, args, state, control, **kwargs):
                progress.stop_status()
                progress.stage(f"{progress.stage_name} done: {state.global_step} steps in "
                               f"{_duration(progress.elapsed())}")

        return ProgressCallback()
