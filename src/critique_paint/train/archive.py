"""The rollout archive: every step's paintings (PNG, source), one record per rollout, a contact sheet, and the
step's metrics in `steps.jsonl` and the trainer's logs; written once, by the main process, for every rank's
rollouts."""

from __future__ import annotations

import json
import logging
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from critique_paint.env.replies import Reply, episode_end
from critique_paint.evaluate.diversity import diversity
from critique_paint.evaluate.rollout_metrics import BAD_REWARD, DrawDifficulty, rollout_metrics
from critique_paint.evaluate.sketch_calls import p5_calls
from critique_paint.train.ranks import Ranks

log = logging.getLogger(__name__)

# Scalars of a step's metrics logged to the trainer (trackio, W&B, TensorBoard) under `paint/`.
LOGGED = ("reward_p10", "reward_median", "reward_p90", "reward_best", "bad_share", "blank_share", "coverage",
          "shapes", "shapes_reward_corr", "coverage_reward_corr", "zero_spread_share", "group_std", "gate_pass",
          "revision_gain", "paintings_per_rollout", "unscored", "reward_draw_adjusted", "methods_per_painting",
          "diversity_image", "diversity_within_group", "diversity_code", "palette_spread", "reference_love_share",
          "draw_love_share", "helpers_per_painting", "shapes_subject_share", "revision_edit_share",
          "revision_paint_share", "revision_gate_pass", "tokens_per_revision")


def final_diversity(records: list[dict], entries: list[dict]) -> dict:
    """The step's diversity over each rollout's last rendered painting (`evaluate.diversity`): the whole step's, its
    groups' and its sketches'."""
    pngs: list[bytes] = []
    sketches: list[str] = []
    groups: list[str] = []
    for record, entry in zip(records, entries, strict=True):
        rendered = [(p, s) for p, s in zip(entry["pngs"], entry["sketches"], strict=True) if p]
        if rendered:
            pngs.append(rendered[-1][0])
            sketches.append(rendered[-1][1])
            groups.append(record["group"])
    if len(pngs) < 2:
        return {"diversity": None}
    found = diversity(pngs, sketches, groups)
    return {"diversity": found, "diversity_image": found["image"], "diversity_within_group": found["within_group"],
            "diversity_code": found["code"], "palette_spread": found["palette_spread"]}


class RolloutArchive:
    """Keeps every rollout of every step: PNGs and sources under `rollouts/step-NNNN/`, one JSON record per rollout
    in its `rollouts.jsonl`, a contact sheet, and the step's metrics appended to `rollouts/steps.jsonl`.

    With several training processes each rank records its own rollouts; the main process gathers all of them and
    alone writes the step, numbering its rollouts over the step's whole batch in TRL's order (rank 0's first), so an
    id (`s0003-r05`) and a painting's file name are unique over the run; `rank` says which process ran it. `steps`
    (the step's metrics over every rank's rollouts) fills on the main process only.

    `judge_weight` is the run's judge weight (for the draw-adjusted reward); `end_ids` the token ids that end a
    reply (a completion ending otherwise was cut by the length budget); `ranks` the run's processes (by default
    those of the process group when the first step is recorded); `tool_suffix` the token ids TRL appends after a
    reply for its tool answers (`GRPOTrainer._get_tool_suffix_ids`, set by the trainer), which lets each turn
    record the tokens its reply generated (`reply_tokens`; None without it).
    """

    def __init__(self, run_dir: Path, critique_source: str = "reward", *, bad_reward: float = BAD_REWARD,
                 judge_weight: float = 0.0, end_ids: Sequence[int] = (), ranks: Ranks | None = None):
        self.critique_source = critique_source
        self.bad_reward = bad_reward
        self.judge_weight = judge_weight
        self.end_ids = frozenset(end_ids)
        self.tool_suffix: Callable[[list[dict]], Sequence[int]] | None = None
        self.root = run_dir / "rollouts"
        self.ranks = ranks
        self.steps: list[dict] = []
        self.draw = DrawDifficulty()
        self._started = False

    def record(self, environments: list[Any], step: int, log_metric: Any = None,
               completions: list[Any] | None = None, completion_ids: list[Any] | None = None) -> list[float | None]:
        """Archive one step's rollouts (their environments' turns and, from TRL, what the policy wrote and how
        each completion ended), gathered over ranks; returns this rank's rewards. Every rank calls it once a step."""
        if self.ranks is None:
            self.ranks = Ranks.current()
        local = [self.rollout_entry(env, completions[r] if completions else None,
                                    completion_ids[r] if completion_ids else None)
                 for r, env in enumerate(environments)]
        gathered = self.ranks.gather(local)
        if gathered is not None:
            self.write_step(step, [{**entry, "rank": rank} for rank, entries in enumerate(gathered)
                                   for entry in entries], log_metric)
        return [env.get_reward() for env in environments]

    def rollout_entry(self, env: Any, completion: Any, ids: Any) -> dict:
        """One rollout as the ranks send it: its record (without its place in the step) and its paintings. Each
        policy turn carries what its reply wrote before its calls and, when known, the reply's generated tokens
        (on its first move; 0 on the others)."""
        moves = turn_replies(completion, reply_tokens(completion, ids, self.end_ids, self.tool_suffix))
        turns = []
        for turn in env.turns:
            entry = {k: v for k, v in turn.summary().items() if k not in ("sketch", "reply")}
            entry["p5_calls"] = p5_calls(turn.sketch)
            text, tokens = next(moves, (None, None)) if turn.action != "draft" else (None, None)
            entry["policy_text"] = text
            entry["tokens"] = tokens
            turns.append(entry)
        settings = env.settings
        record = {"subject": settings.subject if settings else None, "seed": settings.seed if settings else None,
                  "group": f"{settings.subject}|{settings.seed}" if settings else None,
                  "reference_love_share": settings.reference_love_share if settings else None,
                  "reward": env.get_reward(), "unscored": env.unscored_reason,
                  "ended": self.end_reason(env, completion, ids), "turns": turns}
        return {"record": record, "sketches": [t.sketch for t in env.turns], "pngs": [t.png for t in env.turns]}

    def write_step(self, step: int, entries: list[dict], log_metric: Any = None) -> dict:
        """The main process's part: the step's files, its metrics line and its logged figures; returns the metrics."""
        self._start()
        folder = self.root / f"step-{step:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        records = [self.place(entry, step, index, folder) for index, entry in enumerate(entries)]
        with open(folder / "rollouts.jsonl", "w", encoding="utf-8") as fh:
            for record in records:
                fh.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._sheet(records, [entry["pngs"] for entry in entries], step, folder)
        summary = self.summarise(records, step)
        summary.update(final_diversity(records, entries))
        self.steps.append(summary)
        with open(self.root / "steps.jsonl", "a", encoding="utf-8") as fh:
            fh.write(json.dumps(summary) + "\n")
        if log_metric is not None:
            self._log(summary, log_metric)
        return summary

    @staticmethod
    def place(entry: dict, step: int, index: int, folder: Path) -> dict:
        """A gathered rollout as rollout `index` of the step: its id, and its PNGs and sources written beside it."""
        record = entry["record"]
        turns = []
        for turn, sketch, png in zip(record["turns"], entry["sketches"], entry["pngs"], strict=True):
            stem = f"r{index:02d}-t{turn['turn']}"
            (folder / f"{stem}.js").write_text(sketch, encoding="utf-8")
            if png:
                (folder / f"{stem}.png").write_bytes(png)
            turns.append({**turn, "sketch_file": f"{stem}.js", "png": f"{stem}.png" if png else None})
        return {"id": f"s{step:04d}-r{index:02d}", "step": step, "rollout": index, "rank": entry.get("rank", 0),
                **record, "group": record["group"] or str(index), "turns": turns}

    def _start(self) -> None:
        if not self._started:
            self.root.mkdir(parents=True, exist_ok=True)
            (self.root / "run.json").write_text(json.dumps({
                "critique_source": self.critique_source, "bad_reward": self.bad_reward,
                "judge_weight": self.judge_weight, "ranks": self.ranks.count if self.ranks else 1}) + "\n",
                encoding="utf-8")
            self._started = True

    def end_reason(self, env: Any, completion: Any, ids: Any) -> str:
        """How the episode ended, read from its last reply with the reply parser (`env.replies`)."""
        last = next((m for m in reversed(completion) if isinstance(m, dict) and m.get("role") == "assistant"),
                    None) if isinstance(completion, list) else None
        truncated = bool(ids) and bool(self.end_ids) and int(ids[-1]) not in self.end_ids
        reply = Reply.from_message(last, truncated=truncated) if last is not None else None
        episode = env.endpoint.episode
        turns_left = episode.turns_left if episode is not None else 1
        return episode_end(reply, turns_left=turns_left, unscored=bool(env.unscored_reason))

    def summarise(self, records: list[dict], step: int) -> dict:
        """The step's metrics (see `evaluate.rollout_metrics`) with its draw-adjusted mean reward."""
        self.draw.add(records)
        found = [self.draw.adjusted(r, self.judge_weight) for r in records]
        adjusted = [a for a in found if a is not None]
        return {"step": step, "critique_source": self.critique_source,
                **rollout_metrics(records, bad_reward=self.bad_reward),
                "reward_draw_adjusted": statistics.fmean(adjusted) if adjusted else None,
                "totals": [r["reward"] for r in records]}

    @staticmethod
    def _log(summary: dict, log_metric: Any) -> None:
        """The step's figures to the trainer's logs. Only the main process logs them: TRL averages a metric over the
        processes that logged it (their sum over their count), so each is the figure over every rank's rollouts."""
        for name in LOGGED:
            value = summary.get(name)
            if value is not None:
                log_metric(f"paint/{name}", float(value))
        for k, v in summary["per_turn"].items():
            log_metric(f"paint/turn{k}_mean", float(v))
        for group in ("components", "gate_codes", "ended", "edit_failures"):
            for k, v in summary[group].items():
                if v is not None:
                    log_metric(f"paint/{group}/{k}", float(v))
        if summary["draw"]["reference_score"] is not None:
            log_metric("paint/draw_reference_score", float(summary["draw"]["reference_score"]))
        for tier, n in summary["draw"]["tiers"].items():
            log_metric(f"paint/draw_{tier}", float(n))

    @staticmethod
    def _sheet(records: list[dict], pngs: list[list[bytes | None]], step: int, folder: Path) -> None:
        from critique_paint.show.sheet import contact_sheet

        images, captions, empty = [], [], []
        max_turns = max((len(r["turns"]) for r in records), default=0)
        for record, paintings in zip(records, pngs, strict=True):
            row: list[tuple[Any, bytes | None] | None] = list(zip(record["turns"], paintings, strict=True))
            row += [None] * (max_turns - len(row))
            for k, cell in enumerate(row, 1):
                turn, png = cell if cell else (None, None)
                images.append(png)
                empty.append("not painted" if turn is None else ", ".join(turn.get("codes") or []) or "rejected")
                t = turn.get("total") if turn else None
                captions.append(f"r{record['rollout']} t{k} " + ("-" if t is None else f"{t:.2f}"))
        if images:
            contact_sheet(images, captions, thumb=160, columns=max(1, max_turns), title=f"step {step}",
                          empty=empty).save(folder / "sheet.png")


def archiving_function(archive: RolloutArchive) -> Any:
    """A weight-0 reward function that archives the step's rollouts and logs their reward as `paint_total`."""

    def paint_total(environments: list[Any], trainer_state: Any = None, log_metric: Any = None,
                    completions: list[Any] | None = None, completion_ids: list[Any] | None = None,
                    **kwargs: Any) -> list[float | None]:
        step = int(getattr(trainer_state, "global_step", len(archive.steps)))
        try:
            return archive.record(environments, step, log_metric, completions, completion_ids)
        except OSError as exc:  # archiving must never cost a training step
            log.warning("could not archive rollouts: %s", exc)
            return [env.get_reward() for env in environments]

    return paint_total


def replies(completion: Any) -> list[Mapping[str, Any]]:
    """The assistant messages of one TRL completion, in order."""
    if not isinstance(completion, list):
        return []
    return [m for m in completion if isinstance(m, dict) and m.get("role") == "assistant"]


def reply_tokens(completion: Any, ids: Sequence[int] | None, end_ids: frozenset[int],
                 tool_suffix: Callable[[list[dict]], Sequence[int]] | None) -> list[int | None]:
    """Tokens the policy generated for each assistant message of a TRL completion, read off its completion ids:
    TRL's tool loop concatenates each reply (through its end token, or cut) and the ids of the tool answers that
    follow it (`tool_suffix`). All None when the ids cannot be laid out so exactly (no suffix function, no end
    tokens, a suffix that fails, or another layout)."""
    messages = completion if isinstance(completion, list) else []
    unknown: list[int | None] = [None] * len(replies(completion))
    if not ids or tool_suffix is None or not end_ids:
        return unknown
    counts: list[int | None] = []
    pos, i = 0, 0
    while i < len(messages):
        if isinstance(messages[i], dict) and messages[i].get("role") == "assistant":
            if pos >= len(ids):
                return unknown
            end = next((k for k in range(pos, len(ids)) if int(ids[k]) in end_ids), len(ids) - 1)
            counts.append(end + 1 - pos)
            pos, i = end + 1, i + 1
            continue
        j = i
        while j < len(messages) and not (isinstance(messages[j], dict) and messages[j].get("role") == "assistant"):
            j += 1
        tools = [m for m in messages[i:j] if isinstance(m, dict) and m.get("role") == "tool"]
        try:
            pos += len(tool_suffix(tools)) if tools else 0
        except Exception:  # noqa: BLE001 - a token count must never cost a training step
            return unknown
        i = j
    return counts if pos == len(ids) else unknown


def turn_replies(completion: Any, tokens: Sequence[int | None]) -> Iterator[tuple[str, int | None]]:
    """Per painting attempt of the completion (each move of each reply that calls a tool, `env.replies`), in
    order: what its reply wrote before the calls (its own critique, under the `self` source) and its generated
    tokens (the reply's first move; 0 on its further moves; None unknown). The episode's policy turns follow
    this order: a move past the episode's last turn painted nothing."""
    from critique_paint.train.completion_log import text_content

    for message, count in zip(replies(completion), tokens, strict=True):
        if not message.get("tool_calls"):
            continue
        text = text_content(message.get("content")).strip()
        for k, _ in enumerate(Reply.from_message(message).moves()):
            yield text, count if k == 0 or count is None else 0
