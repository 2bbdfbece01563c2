"""Training data: SFT conversations from the reference pool or synthetic episodes, and GRPO prompt rows.

GRPO's prompt is [system, user ""] and the environment's reset() appends the task text to the user turn;
SFT writes the same task text into the user turn directly (both from `env.protocol`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from critique_paint import paths
from critique_paint.env.protocol import SystemPrompt, action_set, episode_messages, system_message, tool_schemas
from critique_paint.errors import ConfigError, InfrastructureError
from critique_paint.pool.chains import improving_chains
from critique_paint.pool.manifest import PoolEntry, load_manifest
from critique_paint.sketch.edits import minimal_edits

if TYPE_CHECKING:
    from critique_paint.render.pages import RenderOptions
    from critique_paint.render.result import RenderResult


def grpo_row(subject: str, seed: int, max_turns: int, brush_methods: Iterable[str] | None = None,
             system: SystemPrompt = "full", actions: Iterable[str] | None = None,
             draft: str | None = None) -> dict[str, Any]:
    """A GRPO dataset row: the prompt (its `system` prompt listing `brush_methods`, default the ten, and the tools of
    `actions`, default paint and edit) plus the columns the rollout slot's `reset(**row)` reads; with a `draft`, the
    episode starts from it."""
    row = {"prompt": [system_message(brush_methods, system, actions), {"role": "user", "content": ""}],
           "subject": subject, "seed": seed, "max_turns": max_turns}
    return {**row, "draft": draft} if draft is not None else row


def _png(result: RenderResult) -> bytes:
    """A demo sketch's render; these sketches always render, so a failed render (a busy machine) stops here."""
    if result.png is None:
        raise InfrastructureError(f"a demo sketch did not render: {result.code}: {result.message}")
    return result.png


def sft_conversations(pool_dir: Path | None = None, *, max_sketch_chars: int | None = None,
                      single_turn: bool = True, chains: bool = True, images: bool = False,
                      brush_methods: Iterable[str] | None = None,
                      system: SystemPrompt = "full", actions: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Rows {"messages", "tools"}: revision chains as multi-turn episodes, love/okay sketches as one turn. When
    `actions` (default paint and edit) offers `edit`, each revision is written as its edits (`revision_move`).

    Between turns the tool answer carries the critique that motivated the next revision (from the pool);
    after the last painting it carries the offline critic's critique of that painting. With `images`, rows
    also hold `paintings` (the render of each painting, as paths) for `with_paintings`, and an empty `images`
    column so that TRL treats the data as multimodal. The pool is `pool_dir`, by default `paths.pool_dir()`.
    The `system` prompt lists `brush_methods` (default the ten).
    """
    from critique_paint.reward.offline import OfflineCritic

    pool_dir = pool_dir or paths.pool_dir()
    entries = load_manifest(pool_dir)
    critic = OfflineCritic()
    tools = tool_schemas(actions)
    editing = "edit" in action_set(actions)
    rows = []

    def source(e: PoolEntry) -> str:
        return e.source_text(pool_dir).strip()

    def fits(es: list[PoolEntry]) -> bool:
        return max_sketch_chars is None or all(len(source(e)) <= max_sketch_chars for e in es)

    def last_critique(e: PoolEntry) -> str:
        return critic.critique((pool_dir / e.render).read_bytes(), e.subject, source(e))

    def moves(es: list[PoolEntry]) -> list[Any]:
        sketches = [source(e) for e in es]
        return sketches[:1] + [revision_move(a, b, editing) for a, b in zip(sketches, sketches[1:], strict=False)]

    def row(subject: str, es: list[PoolEntry], critiques: list[str]) -> dict[str, Any]:
        r = {"messages": episode_messages(subject, moves(es), critiques, brush_methods=brush_methods,
                                          system=system, actions=actions),
             "tools": tools}
        return {**r, "paintings": [str(pool_dir / e.render) for e in es], "images": []} if images else r

    if chains:
        for chain in improving_chains(entries):
            if fits(chain):
                # every step after the first is a revision, which the pool requires to carry its critique
                critiques = [c.critique or "" for c in chain[1:]] + [last_critique(chain[-1])]
                rows.append(row(chain[0].subject, chain, critiques))
    if single_turn:
        for e in sorted(entries, key=lambda e: e.id):
            if e.is_reference and fits([e]):
                rows.append(row(e.subject, [e], [last_critique(e)]))
    return rows


def revision_move(before: str, after: str, editing: bool = True) -> Any:
    """How a revision from `before` to `after` is written: its edits (`sketch.edits.minimal_edits`) when `editing`
    and they are shorter than the whole sketch, else the whole sketch (a `paint` call)."""
    if not editing:
        return after
    try:
        edits = minimal_edits(before, after)
    except ValueError:  # no clean unique edit (e.g. whitespace the call's arguments cannot carry): paint it whole
        return after
    return edits if sum(len(e.old) + len(e.new) for e in edits) < len(after) else after


def synthetic_conversations(episodes: int, subjects: str | Sequence[str], max_turns: int,
                            render: RenderOptions | None = None,
                            paintings_dir: Path | None = None, misread: float = 0.0, blind: float = 0.0,
                            brush_methods: Iterable[str] | None = None, reading_rows: int = 0,
                            system: SystemPrompt = "full", actions: Iterable[str] | None = None,
                            drafted: bool = False) -> list[dict[str, Any]]:
    """The demo task's episodes (`pool.synthetic`), episode k on `subjects[k % len(subjects)]`: a draft whose fault
    the renderer's seed decides, the offline critic's real critique of it, and the revision that repairs the fault
    the critique names, after one sentence saying the fault it reads and the repair (`pool.synthetic.reading`): the
    policy's reading comes first, right after the critique it reads.

    Each sketch is rendered (`render`: RenderOptions, default one page per core) with the episode's GRPO seed and
    critiqued by the offline critic, so the tool answers are exactly what the environment will say. An episode
    whose critique names no fault is left out. `misread`: the share of episodes (drawn by the episode's seed) that
    read another fault than the named one and repair it, so the warm start reads the critique imperfectly and GRPO
    has that to learn. `blind`: the share of episodes (drawn apart) answered as the `blind` critique source answers
    (no critique), whose revision says so and repairs a fault drawn at random (`pool.synthetic.guess`): the blind
    ablation then meets a form it knows and repairs at chance, instead of an unseen one; text policies only. With
    `paintings_dir` (vision-language policies) the renders are saved there and rows carry `paintings` and `images`
    as in `sft_conversations`. The `system` prompt lists `brush_methods` (default the ten). `reading_rows`: per
    episode whose critique names a fault (blind ones too; not those misread on purpose), that many more rows, each
    the same draft painting critiqued for the next subject in turn and the conversation up to the revision call
    that reads it (`reading_rows_for`): more readings of the critique in the real context, without more renders.
    When `actions` (default paint and edit) offers `edit`, each revision is the one-line edit of the draft's switch
    line (`pool.synthetic.repair_edit`), else the whole repaired sketch. `drafted`: the episodes start from the
    draft, painted by the environment (the task quotes it; the policy's first reply is the revision).
    """
    import random

    from critique_paint.pool.synthetic import (
        FAULTS,
        draft_and_repairs,
        draft_and_revision,
        guess,
        reading,
        shown_fault,
    )
    from critique_paint.render import Renderer, RenderOptions
    from critique_paint.reward.offline import OfflineCritic, critique_claims

    if blind and paintings_dir is not None:
        raise ConfigError("data.synthetic_blind is for text policies: a vision policy's blind episodes show no "
                          "painting, which the SFT rows do not express")
    names = [subjects] if isinstance(subjects, str) else list(subjects)

    def subject_of(seed: int) -> str:
        return names[seed % len(names)]

    if drafted and max_turns < 2:
        raise ConfigError("an episode with a draft needs max_turns of at least 2: the draft is painting 1")
    critic = OfflineCritic()
    tools = tool_schemas(actions)
    editing = "edit" in action_set(actions)
    sources: dict[int, str] = {}
    episodes_sketches: dict[int, list[str]] = {}
    notes: dict[int, list[str]] = {}
    firsts: dict[int, Any] = {}
    readers: list[int] = []  # drafts whose critique names a fault, but for the episodes misread on purpose
    with Renderer(render or RenderOptions()) as renderer:
        if max_turns > 1:  # every draft at once, then every revision at once: the pool's pages stay busy
            drafts = {seed: draft_and_repairs(seed) for seed in range(episodes)}
            firsts = {seed: renderer.submit(drafts[seed][0], seed=seed) for seed in drafts}
            for seed, (draft, repairs) in drafts.items():
                png = _png(firsts[seed].result())
                fault = shown_fault(critique_claims(critic.features(png, draft), subject_of(seed), draft))
                if fault is None:
                    continue
                readers.append(seed)
                unseen = random.Random(f"blind-{seed}")
                if unseen.random() < blind:
                    fault = unseen.choice(FAULTS)
                    episodes_sketches[seed] = [draft, repairs[fault]]
                    notes[seed], sources[seed] = ["", guess(fault)], "blind"
                    continue
                rng = random.Random(f"misread-{seed}")
                if rng.random() < misread:
                    fault = rng.choice([f for f in FAULTS if f != fault])
                    readers.remove(seed)
                episodes_sketches[seed] = [draft, repairs[fault]]
                notes[seed] = ["", reading(fault)]
        else:
            episodes_sketches = {seed: [draft_and_revision(seed)[1]] for seed in range(episodes)}
        futures = {seed: [firsts[seed] if k == 0 and seed in firsts else renderer.submit(s, seed=seed)
                          for k, s in enumerate(sketches)] for seed, sketches in episodes_sketches.items()}
        rows = []
        for seed, sketches in episodes_sketches.items():
            pngs = [f.result() for f in futures[seed]]
            critiques = [critic.critique(_png(r), subject_of(seed), s) for r, s in zip(pngs, sketches, strict=True)]
            moves: list[Any] = [sketches[0], *(_repair_move(s, editing) for s in sketches[1:])]
            row: dict[str, Any] = {"messages": episode_messages(subject_of(seed), moves, critiques, notes.get(seed),
                                                                brush_methods, sources.get(seed, "reward"),
                                                                system, actions=actions, draft=drafted),
                                   "tools": tools}
            if paintings_dir is not None:
                paths = [Path(paintings_dir) / f"episode-{seed:03d}-{k}.png" for k in range(1, len(pngs) + 1)]
                Path(paintings_dir).mkdir(parents=True, exist_ok=True)
                for path, r in zip(paths, pngs, strict=True):
                    path.write_bytes(_png(r))
                row.update(paintings=[str(p) for p in paths], images=[])
            rows.append(row)
    for seed in readers:
        draft, png = episodes_sketches[seed][0], _png(firsts[seed].result())
        subjects_after = [subject_of(seed + k) for k in range(1, reading_rows + 1)]
        for row in reading_rows_for(critic, draft, png, subjects_after, brush_methods, system, actions, drafted):
            if paintings_dir is not None:
                row.update(paintings=[str(Path(paintings_dir) / f"episode-{seed:03d}-1.png")], images=[])
            rows.append(row)
    return rows


def reading_rows_for(critic: Any, draft: str, png: bytes, subjects: Iterable[str],
                     brush_methods: Iterable[str] | None = None, system: SystemPrompt = "full",
                     actions: Iterable[str] | None = None, drafted: bool = False) -> list[dict[str, Any]]:
    """Per subject, the demo draft's painting critiqued for that subject and the conversation up to the revision
    call that reads it: the reading sentence of the fault the critique names and its repair (an edit when `actions`
    offers one). A subject whose critique names no fault gives no row."""
    from critique_paint.pool.synthetic import flower_sketch, reading, shown_fault
    from critique_paint.reward.offline import critique_claims

    rows = []
    editing = "edit" in action_set(actions)
    features = critic.features(png, draft)
    for subject in subjects:
        fault = shown_fault(critique_claims(features, subject, draft))
        if fault is None:
            continue
        critique = critic.critique(png, subject, draft)
        messages = episode_messages(subject, [draft, _repair_move(flower_sketch([fault]), editing)], [critique, ""],
                                    ["", reading(fault)], brush_methods, system=system, actions=actions,
                                    draft=drafted)
        call = max(i for i, m in enumerate(messages) if m.get("tool_calls"))
        rows.append({"messages": messages[:call + 1], "tools": tool_schemas(actions)})
    return rows


def _repair_move(revision: str, editing: bool) -> Any:
    """A demo revision as the policy writes it: the switch line's edit, or the whole sketch."""
    from critique_paint.pool.synthetic import FAULTS, repair_edit, repaired

    if not editing:
        return revision
    done = repaired(revision) or frozenset()
    return [repair_edit(f) for f in FAULTS if f in done]
