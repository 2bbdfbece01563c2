"""Sub-commands of the `critique-paint` CLI, as click commands: option parsing and printing only."""

from __future__ import annotations

from critique_paint.commands import demo, doctor, eval, gate, paint, plan, pool, render, report, score, serve, train

COMMANDS = [render.render_command, gate.gate, score.score, pool.pool, serve.serve, train.sft, train.grpo, plan.plan,
            report.report, paint.paint, eval.eval_command, doctor.doctor, demo.demo]
