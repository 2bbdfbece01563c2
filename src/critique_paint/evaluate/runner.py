"""Run a policy's evaluation episodes concurrently and collect one row per episode per turn."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from critique_paint.env.endpoint import LocalEndpoint
from critique_paint.env.runtime import PaintRuntime
from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.evaluate.settings import EvalSettings
from critique_paint.policy.base import Policy
from critique_paint.pool.drafts import Draft
from critique_paint.session.rollout import Rollout, slug


def run_policy(policy: Policy, label: str, plan: EvalSettings, out_dir: Path, *, runtime: PaintRuntime,
               critique: str = "reward", on_episode: Callable[[], None] | None = None) -> list[dict]:
    """Every episode of the plan with one critique source, concurrently; PNGs go under
    out_dir/episodes/<label>/. Rows in plan order: one per painting, each carrying its episode's `ended` reason
    and `episode_reward` (as GRPO scores it); an episode that painted nothing has one row with `painted` false."""
    if policy.interactive:
        raise ConfigError(f"the {policy.name} policy needs a person; use `critique-paint paint` for it")

    def one(subject: str, k: int, seed: int, draft: Draft | None) -> list[dict]:
        try:
            rollout = Rollout(policy, LocalEndpoint(runtime), index=k, subject=subject, seed=seed,
                              max_turns=plan.max_turns, reward_preset=plan.reward_preset, critique=critique,
                              keep_best=plan.keep_best, brush_methods=plan.brush_methods,
                              system_prompt=plan.system_prompt, actions=plan.actions,
                              draft=draft.source if draft else None)
        except InfrastructureError as exc:  # the draft could not be painted or scored: the episode is unscored
            return [{"policy": label, "critique_source": critique, "subject": subject, "episode": k, "seed": seed,
                     "draft": draft.name if draft else None, "ended": "unscored", "episode_reward": None,
                     "reply": "", "turn": 0, "painted": False, "total": None, "gate_passed": False, "codes": [],
                     "unscored_reason": str(exc)}]
        name = f"{slug(subject)}-{slug(draft.name)}-e{k}" if draft else f"{slug(subject)}-e{k}"
        folder = Path("episodes") / slug(label) / name
        rows = []
        records = rollout.run()
        episode = {"policy": label, "critique_source": critique, "subject": subject, "episode": k, "seed": seed,
                   "draft": draft.name if draft else None, "ended": rollout.ended,
                   "episode_reward": rollout.episode.reward(),
                   "reply": rollout.last_reply.raw if rollout.last_reply else ""}
        if not records:  # the first reply called nothing: the episode stands, unpainted, with reward 0
            return [{**episode, "turn": 0, "painted": False, "total": None, "gate_passed": False, "codes": []}]
        for record in records:
            png = None
            if record.png is not None:
                (out_dir / folder).mkdir(parents=True, exist_ok=True)
                png = str(folder / f"turn-{record.turn:02d}.png")
                (out_dir / png).write_bytes(record.png)
            rows.append({**episode, "reply": record.reply, "png": png, "painted": True, **record.row()})
        return rows

    keys = plan.keys()
    results: dict[int, list[dict]] = {}
    with ThreadPoolExecutor(max_workers=max(1, plan.concurrency), thread_name_prefix="eval-episode") as pool:
        futures = {pool.submit(one, *key): i for i, key in enumerate(keys)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if on_episode:
                on_episode()
    return [row for i in range(len(keys)) for row in results[i]]
