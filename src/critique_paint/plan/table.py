"""A Plan as rich tables and as a JSON object."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from critique_paint.plan.memory import CUDA_CONTEXT_GIB, FRAGMENTATION, GIB, GpuPlan
from critique_paint.plan.planner import Plan


def _r(x: float) -> float:
    return round(x, 2)


def plan_json(plan: Plan) -> dict[str, Any]:
    big = plan.biggest
    tight = plan.tightest
    out: dict[str, Any] = {
        "config": plan.config, "stage": plan.stage, "model": plan.model, "cpu": plan.cpu, "fits": plan.fits,
        "peak_gib": _r(plan.peak_gib), "margin_gib": _r(plan.margin_gib),
        "margin_pct": _r(100 * plan.margin_gib / tight.capacity_gib) if tight else None,
        "peak_phase": tight.peak_phase if tight else None, "peak_gpu": tight.name if tight else None,
        "biggest": {"name": big.name, "gib": _r(big.gib)} if big else None,
        "items": {i.name: _r(i.gib) for i in tight.items} if tight else {},
        "gpus": [_gpu_json(g) for g in plan.gpus],
        "overhead": {"cuda_context_gib": CUDA_CONTEXT_GIB, "fragmentation": FRAGMENTATION},
        "params": plan.params, "kernels": plan.kernels,
        "lora": {"params": plan.lora.params, "targets": dict(plan.lora.targets)} if plan.lora else None,
        "tokens": plan.tokens, "optimizer_steps": plan.optimizer_steps, "steps_basis": plan.steps_basis,
        "minutes_per_step": _r(plan.minutes_per_step) if plan.minutes_per_step else None,
        "minutes_per_step_range": [_r(plan.step_time.low_min), _r(plan.step_time.high_min)] if plan.step_time else None,
        "step_seconds": {k: [_r(a), _r(b)] for k, (a, b) in plan.step_time.parts.items()} if plan.step_time else {},
        "time_basis": plan.time_basis, "generation": plan.generation or None, "load_minutes": _r(plan.load_minutes),
        "stage_hours": {k: [_r(v[0]), _r(v[1])] if v else None for k, v in plan.stage_hours.items()},
        "run_hours": [_r(h) for h in plan.run_hours] if plan.run_hours else None,
        "host_gib": _r(plan.host_gib), "host_items": {i.name: _r(i.gib) for i in plan.host},
        "host_capacity_gib": _r(plan.host_capacity_gib) if plan.host_capacity_gib else None,
        "round_tokens": plan.round_tokens, "server_model_len": plan.server_model_len,
        "server_commands": plan.server_commands,
        "launch": {"processes": plan.processes, "mode": plan.launch_mode, "reason": plan.launch_reason,
                   "commands": plan.launch_commands, "alternative": plan.alternative, "notes": plan.launch_notes},
        "problems": [{"reason": r, "item": i, "setting": s} for r, i, s in plan.problems],
        "notes": plan.notes,
    }
    if not plan.fits:
        out["refusal"] = plan.refusal()
    return out


def _gpu_json(g: GpuPlan) -> dict[str, Any]:
    return {"name": g.name, "capacity_gib": g.capacity_gib, "peak_gib": _r(g.peak_gib), "peak_phase": g.peak_phase,
            "margin_gib": _r(g.margin_gib), "phases": {p: _r(v) for p, v in g.phases.items()},
            "phase_tensors_gib": {p: _r(g.tensor_bytes(p) / GIB) for p in g.phases},
            "items": [{"name": i.name, "gib": _r(i.gib), "phases": list(i.phases), "setting": i.setting,
                       "note": i.note} for i in g.items]}


def _gpu_table(g: GpuPlan) -> Table:
    phases = list(g.phases)
    t = Table(title=f"{g.name}: {g.capacity_gib:g} GiB", title_justify="left")
    t.add_column("item")
    t.add_column("GiB", justify="right")
    for p in phases:
        t.add_column(p, justify="center")
    t.add_column("note / setting", overflow="fold")
    for i in g.items:
        note = Text(i.note)
        if i.setting:
            note.append(f"{'; ' if i.note else ''}{i.setting}", style="cyan")
        t.add_row(i.name, f"{i.gib:.2f}", *("x" if p in i.phases else "" for p in phases), note)
    frag = f"+{FRAGMENTATION:.0%} fragmentation" if g.fragmented else ""
    t.add_row(Text("CUDA context + allocator", style="dim"), f"{CUDA_CONTEXT_GIB:.2f}", *("x" for _ in phases),
              f"context, cuBLAS, NCCL outside the allocator {frag}".strip())
    t.add_section()
    t.add_row(Text("phase total", style="bold"), "", *(f"{g.phases[p]:.1f}" for p in phases), "")
    return t


def plan_renderable(plan: Plan) -> Group:
    parts: list[Any] = [Text(f"{plan.config} · {plan.stage} · {plan.model}", style="bold")]
    if plan.cpu:
        parts.append(Text("CPU run: no GPU budget", style="green"))
        return Group(*parts, *_launch_lines(plan))
    if plan.lora:
        share = 100 * plan.lora.params / plan.params if plan.params else 0
        parts.append(Text(f"params {plan.params:,} ({plan.params * 2 / GIB:.1f} GiB bf16); LoRA {plan.lora.params:,} "
                          f"({share:.3f} %) on {sum(n for _, n in plan.lora.targets)} modules"))
    parts += [_gpu_table(g) for g in plan.gpus]
    tight = plan.tightest
    if tight:
        big = plan.biggest
        verdict = "fits" if plan.fits else "DOES NOT FIT"
        style = "bold green" if plan.fits else "bold red"
        parts.append(Text(f"{verdict}: peak {plan.peak_gib:.1f} GiB ({tight.peak_phase}, {tight.name}) of "
                          f"{tight.capacity_gib:g} GiB; margin {plan.margin_gib:.1f} GiB "
                          f"({100 * plan.margin_gib / tight.capacity_gib:.0f} %); biggest: "
                          f"{big.name if big else '-'} {big.gib if big else 0:.1f} GiB", style=style))
    for reason, _item, setting in plan.problems:
        parts.append(Text(f"  {reason} -> change {setting}", style="red"))
    tok = ", ".join(f"{k.replace('_', ' ')} {v:,}" for k, v in plan.tokens.items())
    parts.append(Text(f"tokens: {tok}"))
    steps = f"{plan.optimizer_steps:,}" if plan.optimizer_steps is not None else "unknown"
    parts.append(Text(f"optimizer steps: {steps} ({plan.steps_basis})"))
    parts += _time_lines(plan)
    if plan.host:
        host = ", ".join(f"{i.name} {i.gib:.1f}" for i in plan.host)
        have = f" of {plan.host_capacity_gib:.0f} GiB here" if plan.host_capacity_gib else ""
        parts.append(Text(f"host memory: ~{plan.host_gib:.0f} GiB{have} while loading ({host})"))
    parts += _launch_lines(plan)
    if plan.server_commands:
        parts.append(Text(f"vLLM server (max_model_len {plan.server_model_len:,} = prompt + max_completion_length + "
                          "round cap, rounded up):", style="bold"))
        parts += [Text(f"  {c}", style="cyan") for c in plan.server_commands]
    parts += [Text(f"note: {n}", style="yellow") for n in plan.notes]
    return Group(*parts)


def _launch_lines(plan: Plan) -> list[Text]:
    if not plan.launch_mode:
        return []
    from critique_paint.plan.launch import MODE_NAMES

    lines = [Text(f"launch: {plan.processes} processes, {MODE_NAMES[plan.launch_mode]} ({plan.launch_reason}):",
                  style="bold")]
    lines += [Text(f"  {c}", style="cyan") for c in plan.launch_commands]
    alt = plan.alternative
    if alt:
        verdict = "fits" if alt["fits"] else "does not fit"
        lines.append(Text(f"  {alt['name']} instead: peak {alt['peak_gib']:.1f} GiB per GPU in {alt['peak_phase']} "
                          f"({verdict}; biggest: {alt['biggest']['name']} {alt['biggest']['gib']:.1f} GiB)"))
        lines += [Text(f"  {c}", style="dim") for c in alt["commands"]]
    lines += [Text(f"  {n}") for n in plan.launch_notes]
    return lines


def _time_lines(plan: Plan) -> list[Text]:
    t = plan.step_time
    if t is None:
        return [Text(f"time: {plan.time_basis}")]
    lines = [Text(f"time: ~{t.central_min:.1f} min/step (range {t.low_min:.1f}-{t.high_min:.1f}; "
                  + ", ".join(f"{k} {a:.0f}-{b:.0f} s" for k, (a, b) in t.parts.items()) + ")", style="bold")]
    lines += _generation_lines(plan.generation)
    own = plan.stage_hours.get(plan.stage)
    if own and plan.optimizer_steps:
        lines.append(Text(f"  {plan.stage}: ~{own[0]:.1f} h for {plan.optimizer_steps:,} steps (up to {own[1]:.1f} h), "
                          f"loading {plan.load_minutes:.0f} min included", style="bold"))
    if plan.run_hours:
        each = " + ".join(f"{k} {v[0]:.1f}" for k, v in plan.stage_hours.items() if v)
        lines.append(Text(f"  whole run (sft then grpo): ~{plan.run_hours[0]:.1f} h ({each}; up to "
                          f"{plan.run_hours[1]:.1f} h)", style="bold"))
    lines.append(Text(f"  basis: {t.basis}", style="dim"))
    return lines


def _generation_lines(g: dict[str, Any]) -> list[Text]:
    """A GRPO rollout's generated tokens and the step's minutes, revisions painted whole against the action mix."""
    if not g or not g["paint_only"] or not g["edit_mix"]:
        return []
    mix = (f"with {g['edit_share']:.0%} of revisions edits ({g['edit_token_ratio']:g} x a sketch)" if g["edit_share"]
           else "with edit not in environment.actions")
    lines = []
    for name, what in (("paint_only", "generated tokens a rollout, revisions painted whole"), ("edit_mix", mix)):
        x = g[name]
        lo, hi = x["minutes_per_step_range"]
        first = "0 (the draft)" if g["draft"] else f"{x['first']:,}"
        wait = f"; a round waits for its longest reply, ~{x['revision_round']:,}" \
            if x["revision_round"] != x["revision"] else ""
        lines.append(Text(f"  {what}: {first} + {x['revisions']} x {x['revision']:,} + {x['closing']} = "
                          f"{x['per_rollout']:,} ({x['per_step']:,} a step{wait}); ~{x['minutes_per_step']:.2f} "
                          f"min/step ({lo:.2f}-{hi:.2f})"))
    return lines


def print_plan(plan: Plan, console: Console) -> None:
    console.print(plan_renderable(plan))
