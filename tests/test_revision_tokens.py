"""benchmarks/revision_tokens.py on two pool pairs: its counts are the tokens a policy generates for the turn."""

from __future__ import annotations

import json

import revision_tokens

from critique_paint.env.protocol import edit_call, paint_call
from critique_paint.models.loading import build_tokenizer
from critique_paint.pool.synthetic import flower_sketch, repair_edit

from helpers.scripted import reply_ids


def test_the_benchmark_measures_paint_and_edit_turns_on_two_pairs(tmp_path, capsys):
    result = revision_tokens.main(["--limit", "2", "--json", "--cache", str(tmp_path)])
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(result))
    pool, demo = result["revisions"]["pool pairs"], result["revisions"]["demo repairs"]
    assert pool["tiny"]["n"] == 2 and demo["tiny"]["n"] == 3
    for r in result["pairs"]["pool pairs"]:
        assert r["edits"] >= 1 and not r["fallback"] and r["edit"] != r["paint"]
    assert demo["tiny"]["written_as_edits"] == 3 and demo["tiny"]["ratio"][2] < 0.2  # one short edit of ~630 tokens
    episodes = result["episodes"]["demo"]["chars4"]
    assert episodes["n"] == 6 and episodes["paint_only"] > 2 * episodes["with_edits"]

    meter = revision_tokens.TurnMeter(build_tokenizer(tmp_path))
    for reply in (paint_call(flower_sketch(["sky"])), edit_call([repair_edit("sky")])):
        ids = reply_ids(meter.tok, meter.messages, reply, tools=meter.kwargs["tools"], enable_thinking=False)
        assert meter.measure(reply)["tiny"] == len(ids)  # the policy's generated tokens, end-of-turn included
    repair = result["pairs"]["demo repairs"][0]
    assert repair["id"] == "repair sky" and repair["paint"] == meter.measure(paint_call(flower_sketch(["sky"])))
