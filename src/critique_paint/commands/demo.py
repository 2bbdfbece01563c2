"""`critique-paint demo`: the embedded CPU default job (examples, tiny SFT warm start, short GRPO, report)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import rich_click as click

from critique_paint.console import out
from critique_paint.paths import CONFIGS_DIR, EXAMPLES_DIR


async def render_examples(out_dir: Path) -> bool:
    from critique_paint.pipeline import paint_sketch
    from critique_paint.render.pages import RenderPool
    from critique_paint.sheet import contact_sheet

    sketches = sorted(EXAMPLES_DIR.glob("*.js"))
    out_dir.mkdir(parents=True, exist_ok=True)
    async with RenderPool() as pool:
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
@click.option("--config", default=str(CONFIGS_DIR / "tiny-cpu.yaml"), show_default=True, metavar="YAML",
              type=click.Path(exists=True, dir_okay=False), help="training YAML")
@click.option("--examples-only", is_flag=True, help="only gate and render the example sketches")
def demo(out_dir: Path, config: str, examples_only: bool) -> int:
    """The embedded CPU default job: render the example sketches, warm-start a tiny model with SFT, run a short
    multi-turn GRPO, write its report, and evaluate the GRPO model against its SFT start."""
    t0 = time.perf_counter()
    examples_ok = asyncio.run(render_examples(out_dir / "examples"))
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
    quiet_libraries()
    out.print(f"[bold]1/3 SFT warm start[/] ({cfg.model.name}, {cfg.sft.get('max_steps')} steps)")
    sft_final = run_sft(cfg, out_dir / "sft", progress=RunProgress(out, "sft"), disable_tqdm=True)
    out.print(f"[bold]2/3 GRPO[/] ({cfg.grpo.get('max_steps')} steps, {cfg.environment.max_turns} turns, "
              f"reward preset {cfg.environment.reward_preset})")
    run_grpo(cfg, out_dir / "grpo", model_path=str(sft_final), progress=RunProgress(out, "grpo"), disable_tqdm=True)
    report = write_report(out_dir / "grpo")
    out.print("[bold]3/3 revision gains[/] (the GRPO model against its SFT start: the training subject, then 2 "
              "held-out ones)")
    evaluate_demo(cfg, out_dir / "grpo", sft_final, out_dir / "eval")
    out.print(f"done in {time.perf_counter() - t0:.0f} s\nreport: {report}\n"
              f"reward curve: {out_dir / 'grpo' / 'reward_curve.png'}\npaintings: {out_dir / 'grpo' / 'rollouts'}\n"
              f"eval: {out_dir / 'eval' / 'summary.md'}, {out_dir / 'eval' / 'gallery.html'}")
    return 0


def evaluate_demo(cfg, grpo_dir: Path, sft_final: Path, out_dir: Path) -> None:
    """`critique-paint eval --policy hf:GRPO --baseline hf:SFT` on the training subject and 2 held-out ones, sampling
    as the GRPO run did, with the reward it trained on."""
    from critique_paint.evaluate.outputs import run_evaluation
    from critique_paint.evaluate.settings import EVAL_SUBJECTS, EvalSettings, read_subjects
    from critique_paint.policy import PolicyOptions

    args = cfg.grpo_args(grpo_dir / "checkpoints")
    options = PolicyOptions(temperature=args.temperature, top_p=args.top_p, top_k=args.top_k,
                            max_new_tokens=args.max_completion_length)
    subjects = [cfg.environment.subjects[0], *read_subjects(EVAL_SUBJECTS)[:2]]
    plan = EvalSettings(subjects=subjects, episodes=2, max_turns=cfg.environment.max_turns,
                        reward_preset=cfg.environment.reward_preset, concurrency=6)
    run_evaluation([f"hf:{grpo_dir / 'final'}", f"hf:{sft_final}"], options, plan, out_dir,
                   cfg.environment.runtime_config(), out)
