"""`critique-paint demo`: the embedded CPU default job (examples, tiny SFT warm start, short GRPO, report)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import rich_click as click

from critique_paint.base.console import out
from critique_paint.commands.options import TrainingConfigParam
from critique_paint.paths import EXAMPLES_DIR


async def render_examples(out_dir: Path, cache_dir: Path) -> bool:
    from critique_paint.pipeline import paint_sketch
    from critique_paint.render.pages import RenderOptions, RenderPool
    from critique_paint.show.sheet import contact_sheet

    sketches = sorted(EXAMPLES_DIR.glob("*.js"))
    out_dir.mkdir(parents=True, exist_ok=True)
    async with RenderPool(RenderOptions(cache_dir=str(cache_dir))) as pool:
        verdicts = await asyncio.gather(*(paint_sketch(pool, s.read_text(), seed=0) for s in sketches))
    captions = []
    for path, verdict in zip(sketches, verdicts, strict=True):
        if verdict.png:
            (out_dir / f"{path.stem}.png").write_bytes(verdict.png)
        state = f"{verdict.paint_fraction:.0%} paint" if verdict.passed else ",".join(verdict.codes)
        captions.append(f"{path.stem} · {state}")
    sheet = out_dir / "contact_sheet.png"
    contact_sheet([v.png for v in verdicts], captions, title="critique-paint examples").save(sheet)
    out.print(f"examples: {len(sketches)} rendered -> {sheet}")
    return all(v.passed for v in verdicts)


@click.command(short_help="render the examples, then tiny SFT + multi-turn GRPO on CPU, a report and an eval")
@click.option("--out", "out_dir", default="runs/demo", show_default=True, metavar="DIR",
              type=click.Path(file_okay=False, path_type=Path))
@click.option("--config", default="tiny-cpu", show_default=True, metavar="YAML", type=TrainingConfigParam(),
              help="training YAML: a path or a packaged config's name")
@click.option("--examples-only", is_flag=True, help="only gate and render the example sketches")
@click.option("--eval-episodes", default=28, show_default=True, type=click.IntRange(min=2),
              help="held-out episodes per subject and critique source in the final eval")
def demo(out_dir: Path, config: str, examples_only: bool, eval_episodes: int) -> int:
    """The embedded CPU default job: render the example sketches, warm-start a tiny model with SFT on the demo task
    (a draft whose fault only the critique names), run GRPO on it, write its report, then evaluate on held-out
    subjects and seeds: the GRPO model against its SFT start, and the critique ablation (reward, image, blind)."""
    t0 = time.perf_counter()
    cache_dir = out_dir / "render-cache"  # every stage's renders, shared: the same sketch and seed render once
    examples_ok = asyncio.run(render_examples(out_dir / "examples", cache_dir))
    if examples_only:
        return 0 if examples_ok else 1
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from critique_paint.commands.train import quiet_libraries
    from critique_paint.config.training import load_train_config
    from critique_paint.train.grpo import run_grpo
    from critique_paint.train.progress import RunProgress
    from critique_paint.train.report import write_report
    from critique_paint.train.sft import run_sft

    cfg = load_train_config(config)
    cfg.environment.render.cache_dir = cfg.environment.render.cache_dir or str(cache_dir)
    quiet_libraries()
    out.print(f"[bold]1/3 SFT warm start[/] ({cfg.model.name}, {cfg.sft.get('max_steps')} steps)")
    sft_final = run_sft(cfg, out_dir / "sft", progress=RunProgress(out, "sft"), disable_tqdm=True)
    out.print(f"[bold]2/3 GRPO[/] ({cfg.grpo.get('max_steps')} steps, {cfg.environment.episode.max_turns} turns, "
              f"reward preset {cfg.environment.reward_preset}, reward mode {cfg.environment.episode.reward_mode})")
    run_grpo(cfg, out_dir / "grpo", model_path=str(sft_final), progress=RunProgress(out, "grpo"), disable_tqdm=True)
    out.print(f"[bold]3/3 held-out eval[/] (GRPO model and its SFT start; critique sources {', '.join(DEMO_SOURCES)})")
    paragraph = evaluate_demo(cfg, out_dir / "grpo", sft_final, out_dir / "eval", eval_episodes)
    report = write_report(out_dir / "grpo", preface=paragraph)
    out.print(f"\n[bold]What the demo shows[/]\n{paragraph}\n")
    out.print(f"done in {time.perf_counter() - t0:.0f} s\nreport: {report}\n"
              f"gallery of every training painting: {out_dir / 'grpo' / 'gallery.html'}\n"
              f"eval: {out_dir / 'eval' / 'summary.md'}, {out_dir / 'eval' / 'gallery.html'}")
    return 0


DEMO_SOURCES = ["reward", "blind"]
EVAL_SEED = 1000  # the SFT corpus and GRPO use seeds from 0


def evaluate_demo(cfg, grpo_dir: Path, sft_final: Path, out_dir: Path, episodes: int) -> str:
    """`critique-paint eval --policy hf:GRPO --baseline hf:SFT --critique reward,blind` on two held-out subjects and
    seeds the corpus did not use, from the run's drafts with its actions, sampling as the GRPO run did, with the
    reward it trained on; returns the paragraph saying what the demo shows (`train.demo_summary`)."""
    from critique_paint.evaluate.outputs import run_evaluation
    from critique_paint.evaluate.settings import EVAL_SUBJECTS, EvalSettings, read_subjects
    from critique_paint.policy import PolicyOptions
    from critique_paint.pool.drafts import load_drafts
    from critique_paint.train.demo_summary import demo_figures, demo_paragraph

    args = cfg.grpo_args(grpo_dir / "checkpoints")
    options = PolicyOptions(temperature=args.temperature, top_p=args.top_p, top_k=args.top_k,
                            max_new_tokens=args.max_turn_tokens, batch_size=16)
    plan = EvalSettings(subjects=read_subjects(EVAL_SUBJECTS)[:2], episodes=episodes, seed=EVAL_SEED,
                        max_turns=cfg.environment.episode.max_turns, reward_preset=cfg.environment.reward_preset,
                        concurrency=16, critiques=DEMO_SOURCES,
                        system_prompt=cfg.environment.episode.system_prompt, actions=cfg.environment.episode.actions,
                        drafts=load_drafts(cfg.environment.drafts) if cfg.environment.drafts else [])
    grpo, sft = f"hf:{grpo_dir / 'final'}", f"hf:{sft_final}"
    rows = run_evaluation([grpo, sft], options, plan, out_dir, cfg.environment.runtime_config(), out)
    figures = demo_figures(grpo_dir, rows, out_dir, grpo, sft, DEMO_SOURCES, plan.label)
    paragraph = demo_paragraph(figures)
    summary = out_dir / "summary.md"
    summary.write_text(f"## What the demo shows\n\n{paragraph}\n\n" + summary.read_text(encoding="utf-8"),
                       encoding="utf-8")
    return paragraph
