"""`critique-paint paint`: a terminal session where a policy paints and a person watches, comments and steers."""

from __future__ import annotations

import difflib
import io
import json
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from critique_paint.base.console import violation_text
from critique_paint.env.episode import Episode
from critique_paint.env.replies import END_REASONS
from critique_paint.env.turns import TurnResult
from critique_paint.errors import CritiquePaintError
from critique_paint.session.rollout import Rollout
from critique_paint.show.viewer import open_image

MENU = "[Enter] next turn · [c] add your critique · [u] undo · [a] accept · [s] stop"
LAST_MENU = "[a] accept (Enter) · [u] undo · [s] stop"
RETRY_MENU = "[r] retry (Enter) · [s] stop"
RETRY_ACTIONS = {"": "retry", "r": "retry", "s": "stop", "q": "stop"}
ACTIONS = {"": "next", "n": "next", "c": "critique", "u": "undo", "a": "accept", "s": "stop", "q": "stop"}


def png_name(episode: Episode, turn: TurnResult) -> str | None:
    """`turn-02.png`, or `turn-02-2.png` for the second painting of turn 2 (the first was undone)."""
    if turn.png is None:
        return None
    undone = episode.undone
    position = next((i for i, t in enumerate(undone) if t is turn), len(undone))
    attempt = 1 + sum(1 for t in undone[:position] if t.turn == turn.turn)
    return f"turn-{turn.turn:02d}.png" if attempt == 1 else f"turn-{turn.turn:02d}-{attempt}.png"


class SessionFiles:
    """transcript.jsonl (appended as things happen), one PNG per painting, index.html at the end."""

    def __init__(self, out_dir: Path):
        self.dir = out_dir
        self.dir.mkdir(parents=True, exist_ok=True)
        self.transcript = self.dir / "transcript.jsonl"

    def event(self, **row) -> None:
        row.setdefault("time", round(time.time(), 3))
        with self.transcript.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")

    def save_png(self, episode: Episode, turn: TurnResult) -> str | None:
        name = png_name(episode, turn)
        if name is not None and turn.png is not None:  # a name is given only to a painting
            (self.dir / name).write_bytes(turn.png)
        return name


class PaintSession:
    """Runs a Rollout turn by turn, showing each painting and asking the person what to do next."""

    def __init__(self, rollout: Rollout, files: SessionFiles, console: Console, *, errors: Console | None = None,
                 auto: bool = False,
                 open_images: bool = False, preview: bool = True, full_sketch: bool = False,
                 weights: dict[str, float] | None = None, ask: Callable[[str], str] | None = None):
        self.rollout = rollout
        self.files = files
        self.console = console
        self.errors = errors or console
        self.auto = auto
        self.open_images = open_images
        self.preview = preview
        self.full_sketch = full_sketch
        self.weights = weights or {}
        self.ask = ask or (lambda prompt: console.input(prompt))

    def run(self) -> int:
        ro, settings = self.rollout, self.rollout.episode.settings
        self.files.event(event="start", subject=settings.subject, policy=ro.policy.name, seed=settings.seed,
                         max_turns=settings.max_turns, critique=settings.critique, task=ro.task)
        accepted: TurnResult | None = None
        status = 0
        for drafted in list(ro.episode.turns):  # a draft, painted when the episode started
            self.console.rule(f"[bold]Turn {drafted.turn}/{settings.max_turns}[/] · the draft")
            self._record(drafted)
        try:
            while ro.turns_left > 0:
                turn = len(ro.episode.turns) + 1
                where = escape(f"{ro.policy.name} · {settings.subject}")
                self.console.rule(f"[bold]Turn {turn}/{settings.max_turns}[/] · {where}")
                record = self._paint()
                if record is None:
                    reason = END_REASONS.get(ro.ended or "no_call", "")
                    self.console.print(f"The episode ends: {escape(reason)}.")
                    self.files.event(event="ended", reason=ro.ended, reply=(ro.last_reply.raw if ro.last_reply
                                                                            else ""))
                    break
                if not ro.spent(record):  # unscored: an infrastructure failure spent no turn
                    reason = escape(record.unscored_reason or "")
                    self.console.print(f"[red]This turn could not be painted:[/] {reason}")
                    if self.auto or self._choose(RETRY_MENU, RETRY_ACTIONS) != "retry":
                        break
                    continue
                if self.auto:
                    continue
                action = self._choose(MENU if ro.turns_left else LAST_MENU,
                                      ACTIONS if ro.turns_left else {**ACTIONS, "": "accept", "c": "invalid"})
                if action == "critique":
                    note = self._read_note()
                    if note:
                        ro.add_note(note)
                        self.files.event(event="note", turn=record.turn, note=note)
                elif action == "undo":
                    undone = ro.undo()
                    self.files.event(event="undo", turn=undone.turn)
                    self.console.print(f"Took back painting {undone.turn}; the policy paints it again.")
                elif action == "accept":
                    accepted = record
                    break
                elif action == "stop":
                    break
        except KeyboardInterrupt:
            self.console.print("\ninterrupted; saving the session")
            status = 130
        except CritiquePaintError as exc:
            self.errors.print(f"[bold red]error:[/] {escape(str(exc))}; saving the session")
            status = 2
        final = accepted or ro.episode.final_turn()
        self.files.event(event="end", accepted_turn=final.turn if final else None,
                         final_total=final.total if final else None, turns=len(ro.episode.turns))
        page = self._write_html(final)
        self._summary(final, page)
        return status

    # --- one turn -----------------------------------------------------------------------------------
    def _paint(self) -> TurnResult | None:
        ro = self.rollout
        if ro.policy.interactive:
            record = ro.paint_next()
        else:
            with self.console.status(f"{escape(ro.policy.name)} is painting…"):
                record = ro.paint_next()
        if record is None:
            return None
        return self._record(record)

    def _record(self, record: TurnResult) -> TurnResult:
        ro = self.rollout
        name = self.files.save_png(ro.episode, record) if ro.spent(record) else None
        settings = ro.episode.settings
        self.files.event(event="turn", policy=ro.policy.name, subject=settings.subject, episode=0,
                         seed=settings.seed, png=name, **record.row())
        self.show(record, name)
        return record

    def show(self, record: TurnResult, png_name: str | None) -> None:
        turns = self.rollout.episode.turns
        base = next((t for t in turns if t.turn == record.base_turn), None) if record.action == "edit" else None
        previous = [r for r in turns if r is not record and r.turn < record.turn]
        before = base or (previous[-1] if previous else None)
        c = self.console
        if record.action == "edit":
            c.print(self._edits_panel(record))
        if record.sketch:
            c.print(self._sketch_panel(record.sketch))
        if before is not None and record.sketch:
            c.print(self._diff_panel(before.sketch, record.sketch, before.turn, record.turn))
        c.print(self._verdict(record))
        if record.total is not None or record.components:
            c.print(self._components(record))
        if record.self_critique:
            c.print(Panel(Text(record.self_critique), title="the model's own critique (written before this sketch)",
                          border_style="green"))
        if record.observation:
            c.print(Panel(Text(record.observation), title="critique (what the model reads)", border_style="cyan"))
        if png_name:
            path = self.files.dir / png_name
            c.print(f"painting: [link=file://{path.resolve()}]{escape(str(path))}[/link]")
            if self.preview and record.png:
                c.print(preview_blocks(record.png))
            if self.open_images:
                open_image(path)

    def _sketch_panel(self, sketch: str) -> Panel:
        lines = sketch.splitlines()
        limit = None if self.full_sketch else 40
        shown = "\n".join(lines[:limit]) if limit else sketch
        body: list = [Syntax(shown or " ", "javascript", line_numbers=True, word_wrap=True, theme="ansi_dark")]
        if limit and len(lines) > limit:
            body.append(Text(f"… {len(lines) - limit} more lines (--full-sketch shows all)", style="dim"))
        return Panel(Group(*body), title=f"sketch ({len(lines)} lines)", border_style="blue")

    @staticmethod
    def _edits_panel(record: TurnResult) -> Panel:
        text = Text()
        for k, e in enumerate(record.edits, 1):
            where = f" (line {e['line']})" if e.get("line") else ""
            text.append(f"edit {k}{where}\n", style="bold")
            text.append(f"- {e['old']}\n", style="red")
            text.append(f"+ {e['new']}\n", style="green")
        base = f" of painting {record.base_turn}" if record.base_turn else ""
        return Panel(text, title=f"{len(record.edits)} edit{'s' if len(record.edits) != 1 else ''}{base}",
                     border_style="magenta")

    @staticmethod
    def _diff_panel(before: str, after: str, base: int, turn: int) -> Panel:
        diff = list(difflib.unified_diff(before.splitlines(), after.splitlines(), f"painting {base}",
                                         f"painting {turn}", lineterm="", n=1))
        text = "\n".join(diff[:80]) if diff else "(unchanged)"
        if len(diff) > 80:
            text += f"\n… {len(diff) - 80} more diff lines"
        added = sum(1 for d in diff if d.startswith("+") and not d.startswith("+++"))
        removed = sum(1 for d in diff if d.startswith("-") and not d.startswith("---"))
        return Panel(Syntax(text, "diff", theme="ansi_dark", word_wrap=True),
                     title=f"diff against painting {base} (+{added} −{removed})", border_style="magenta")

    @staticmethod
    def _verdict(record: TurnResult) -> Text:
        if record.total is None and record.unscored_reason:
            return Text(f"unscored: {record.unscored_reason}", style="yellow")
        if record.gate_passed:
            cov = f" · paint {record.paint_fraction:.1%}" if record.paint_fraction is not None else ""
            return Text(f"✓ passed the gate{cov}", style="green")
        lines = ["✗ rejected by the gate:"]
        lines += [f"  {violation_text(v)}" for v in record.violations]
        return Text("\n".join(lines), style="red")

    def _components(self, record: TurnResult) -> Table:
        table = Table(title=f"reward of painting {record.turn}", title_justify="left")
        for col in ("component", "weight", "value", "backend"):
            table.add_column(col, justify="right" if col in {"weight", "value"} else "left")
        order = [n for n in self.weights if n in record.components] + \
            [n for n in record.components if n not in self.weights]
        for name in order:
            value = record.components[name]
            weight = self.weights.get(name)
            table.add_row(name, "–" if weight is None else f"{weight:g}",
                          "–" if value is None else f"{value:.3f}", record.backends.get(name, ""))
        total = "–" if record.total is None else f"{record.total:.3f}"
        table.add_row("[bold]total[/]", "", f"[bold]{total}[/]", "")
        return table

    def _choose(self, menu: str, actions: dict[str, str]) -> str:
        while True:
            try:
                answer = self.ask(f"{escape(menu)}\n> ").strip().lower()
            except EOFError:
                return "stop"
            action = actions.get(answer[:1] if answer else "")
            if action and action != "invalid":
                return action
            self.console.print(f"[yellow]{escape(repr(answer))} is not one of the choices[/]")

    def _read_note(self) -> str | None:
        self.console.print("Your critique for the model (one paragraph; an empty line ends it):")
        lines = []
        while True:
            try:
                line = self.ask("")
            except EOFError:
                break
            if not line.strip():
                break
            lines.append(line.strip())
        return " ".join(lines) or None

    # --- the end ------------------------------------------------------------------------------------
    def _write_html(self, final: TurnResult | None) -> Path:
        from critique_paint.show.gallery import gallery_html

        ro, episode = self.rollout, self.rollout.episode
        settings = episode.settings

        def rows(turns: list[TurnResult]) -> list[dict]:
            return [{**t.row(), "png": png_name(episode, t)} for t in turns]

        groups = [{"policy": ro.policy.name, "subject": settings.subject, "episode": 0, "seed": settings.seed,
                   "turns": rows(episode.turns)}]
        if episode.undone:
            groups.append({"policy": f"{ro.policy.name} (undone)", "subject": settings.subject, "episode": 0,
                           "seed": settings.seed, "turns": rows(episode.undone)})
        title = f"{settings.subject} · {ro.policy.name}"
        if final is not None:
            title += f" · accepted painting {final.turn}"
        return gallery_html(groups, self.files.dir / "index.html", title)

    def _summary(self, final: TurnResult | None, page: Path) -> None:
        table = Table(title="session", title_justify="left")
        for col in ("turn", "gate", "total", "paint"):
            table.add_column(col, justify="right")
        for r in self.rollout.episode.turns:
            table.add_row(str(r.turn), "✓" if r.gate_passed else "✗", "–" if r.total is None else f"{r.total:.3f}",
                          "–" if r.paint_fraction is None else f"{r.paint_fraction:.1%}")
        self.console.print(table)
        if final is not None:
            self.console.print(f"final painting: {final.turn} (total "
                               f"{'–' if final.total is None else f'{final.total:.3f}'})")
        self.console.print(f"saved: {self.files.transcript} and {page}")


def preview_blocks(png: bytes, width: int = 32) -> Text:
    """A small colour preview of the painting in half-block characters (works over SSH)."""
    import numpy as np
    from PIL import Image

    px = np.asarray(Image.open(io.BytesIO(png)).convert("RGB").resize((width, width)))  # rows of RGB triples
    text = Text()
    for y in range(0, width, 2):
        for x in range(width):
            top, bottom = px[y, x], px[y + 1, x]
            text.append("▀", style=f"rgb({top[0]},{top[1]},{top[2]}) on rgb({bottom[0]},{bottom[1]},{bottom[2]})")
        text.append("\n")
    return text
