"""Sub-commands of the `critique-paint` CLI, as click commands: option parsing and printing only.

Each command's module is imported only when the command runs or shows its own help; the group's listing reads the
one-line help here (a test checks it against each command's own).
"""

from __future__ import annotations

# name: ("module:attribute", one-line help), in the pipeline's order
COMMANDS: dict[str, tuple[str, str]] = {
    "render": ("critique_paint.commands.render:render_command", "gate and render sketches to PNG"),
    "gate": ("critique_paint.commands.gate:gate", "check sketches statically (no browser)"),
    "score": ("critique_paint.commands.score:score", "score a sketch or PNG with a reward preset"),
    "pool": ("critique_paint.commands.pool:pool",
             "manage the reference pool (verify, render, sample, sheet, add, rate)"),
    "judge": ("critique_paint.commands.judge:judge",
              "check an OpenAI-compatible pairwise judge (consistency, position bias, tiers)"),
    "reward": ("critique_paint.commands.reward:reward",
               "check a reward preset: search for the cheap paintings it over-pays"),
    "serve": ("critique_paint.commands.serve:serve", "serve the painting environment over OpenEnv (WebSocket /ws)"),
    "sft": ("critique_paint.commands.train:sft", "supervised warm start on the reference pool's conversations"),
    "grpo": ("critique_paint.commands.train:grpo", "GRPO with the multi-turn painting environment"),
    "plan": ("critique_paint.commands.plan:plan",
             "memory per GPU, margin, tokens and steps of a training run (no weights loaded)"),
    "report": ("critique_paint.commands.report:report",
               "write a GRPO run's report, plots and gallery from its rollout archive"),
    "paint": ("critique_paint.commands.paint:paint",
              "paint a subject turn by turn: a policy paints, you watch, comment and steer"),
    "eval": ("critique_paint.commands.eval:eval_command",
             "measure revision gains: episodes per subject, per-turn table, plot, gallery"),
    "doctor": ("critique_paint.commands.doctor:doctor",
               "check Chromium, GL backend, JS assets and Python packages (and the GPU stack)"),
    "demo": ("critique_paint.commands.demo:demo",
             "render the examples, then tiny SFT + multi-turn GRPO on CPU, a report and an eval"),
}
