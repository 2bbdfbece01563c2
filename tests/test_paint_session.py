"""`critique-paint paint` driven in a real pseudo-terminal (pexpect), with the replay and human policies."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
CLI = str(Path(sys.executable).with_name("critique-paint"))
FIXTURES = Path(__file__).parent / "fixtures"
ANSI = r"(?:\x1b\[[0-9;]*m)*"


def loose(text: str) -> str:
    """A regex for `text` as rich prints it: styling escape codes may sit between any two characters."""
    return ANSI.join(re.escape(ch) for ch in text)


MENU = loose("[s] stop") + r"\s*" + loose("> ")
LAST = loose("[a] accept (Enter)")


EXPECT_S = 480  # a hang guard sized for a loaded machine, not a speed check


def as_at_a_terminal() -> None:
    """In the child before exec: Ctrl-C and SIGTERM do what they do at a terminal, whatever the test process had
    ignored or blocked (both are inherited across exec; an ignored SIGINT never becomes KeyboardInterrupt)."""
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, [])


def spawn(args: list[str], tmp_path: Path, **env: str) -> pexpect.spawn:
    child_env = {**os.environ, "COLUMNS": "120", "LINES": "50", "TERM": "xterm-256color", "HF_HUB_OFFLINE": "1",
                 **env}
    child_env.pop("DISPLAY", None)
    child_env.pop("WAYLAND_DISPLAY", None)
    if "EDITOR" not in env:
        child_env.pop("EDITOR", None)
        child_env.pop("VISUAL", None)
    child = pexpect.spawn(CLI, ["paint", *args, "--render-workers", "1"], cwd=str(tmp_path), env=child_env,
                          encoding="utf-8", timeout=EXPECT_S, dimensions=(50, 120), preexec_fn=as_at_a_terminal)
    child.logfile_read = (tmp_path / "terminal.log").open("w", encoding="utf-8")
    return child


def events(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "transcript.jsonl").read_text(encoding="utf-8").splitlines()]


def test_replay_session_with_critique_undo_and_accept(tmp_path):
    out = tmp_path / "session"
    child = spawn(["pears", "--policy", "replay:" + str(ROOT / "reference_pool"), "--max-turns", "3",
                   "--out", str(out)], tmp_path)
    child.expect(loose('Turn 1/3'))
    child.expect(loose('reward of painting 1'))
    child.expect(loose('critique (what the model reads)'))
    child.expect(loose('turn-01.png'))
    child.expect("▀")  # the colour preview
    child.expect(MENU)
    child.sendline("c")
    child.expect(loose("Your critique for the model"))
    child.sendline("The sky is too grey; warm it.")
    child.sendline("")
    child.expect(loose('Turn 2/3'))
    child.expect(loose('diff against painting 1'))
    child.expect(MENU)
    child.sendline("u")
    child.expect(loose('Took back painting 2'))
    child.expect(loose('Turn 2/3'))
    child.expect(MENU)
    child.sendline("")
    child.expect(loose('Turn 3/3'))
    child.expect(LAST)
    child.sendline("a")
    child.expect(loose('final painting: 3'))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    rows = events(out)
    kinds = [r["event"] for r in rows]
    assert kinds == ["start", "turn", "note", "turn", "undo", "turn", "turn", "end"]
    turns = [r for r in rows if r["event"] == "turn"]
    assert [t["turn"] for t in turns] == [1, 2, 2, 3]
    assert rows[2] == {**rows[2], "turn": 1, "note": "The sky is too grey; warm it."}
    assert turns[1]["sketch"] == turns[2]["sketch"]  # the replay repaints the same sketch after an undo
    assert rows[-1]["accepted_turn"] == 3 and rows[-1]["final_total"] == turns[-1]["total"]
    assert all(t["gate_passed"] and t["total"] > 0 for t in turns)
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == ["turn-01.png", "turn-02-2.png", "turn-02.png", "turn-03.png"]
    html = (out / "index.html").read_text(encoding="utf-8")
    assert html.count("<img") == 4 and "(undone)" in html


EDITOR = """
import pathlib, sys
queue = pathlib.Path({queue!r}).read_text().split("\\n---\\n")
seen = pathlib.Path({seen!r})
n = len(seen.read_text().splitlines()) if seen.exists() else 0
target = pathlib.Path(sys.argv[-1])
seen.open("a").write(target.read_text()[:40].replace("\\n", " ") + "\\n")
target.write_text(queue[min(n, len(queue) - 1)])
"""


def test_human_session_in_an_editor_with_a_rejected_revision(tmp_path):
    bloom = (FIXTURES / "render" / "bloom.js").read_text()
    broken = bloom.replace("function draw() {", "function draw() {\n  brush.fill(#e8a07a, 120);")
    queue, seen = tmp_path / "queue.txt", tmp_path / "seen.txt"
    queue.write_text(bloom + "\n---\n" + broken)
    editor = tmp_path / "editor.py"
    editor.write_text(EDITOR.format(queue=str(queue), seen=str(seen)))
    out = tmp_path / "human"
    child = spawn(["a peach hibiscus", "--max-turns", "2", "--out", str(out), "--no-preview"], tmp_path,
                  EDITOR=f"{sys.executable} {editor}")
    child.expect(loose('Turn 1/2 · human'))
    child.expect(loose('passed the gate'))
    child.expect(MENU)
    child.sendline("")
    child.expect(loose('Turn 2/2'))
    child.expect(loose('rejected by the gate'))
    child.expect(loose('syntax_error'))
    child.expect(LAST)
    child.sendline("s")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    turns = [r for r in events(out) if r["event"] == "turn"]
    assert [t["gate_passed"] for t in turns] == [True, False]
    assert turns[0]["sketch"].strip() == bloom.strip() and turns[1]["total"] == 0.0
    assert "syntax_error" in turns[1]["codes"]
    # the editor opened on the starting example, then on the person's own previous sketch
    first, second = seen.read_text().splitlines()
    assert second == bloom[:40].replace("\n", " ")
    assert first != second
    assert sorted(p.name for p in out.glob("*.png")) == ["turn-01.png"]


def test_human_session_pasted_then_interrupted(tmp_path):
    bloom = (FIXTURES / "render" / "bloom.js").read_text()
    out = tmp_path / "pasted"
    child = spawn(["a peach hibiscus", "--max-turns", "3", "--out", str(out), "--no-preview"], tmp_path)
    child.expect(loose("Paste the sketch, then a line with only '.'"))
    for line in bloom.splitlines():
        child.sendline(line)
    child.sendline(".")
    child.expect(loose('passed the gate'))
    child.expect(MENU)
    child.sendintr()
    child.expect(loose('interrupted; saving the session'))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    rows = events(out)
    assert [r["event"] for r in rows] == ["start", "turn", "end"]
    assert rows[1]["gate_passed"] and rows[-1]["accepted_turn"] == 1
    assert (out / "index.html").is_file() and (out / "turn-01.png").is_file()


@pytest.mark.parametrize("args, message", [
    (["--policy", "robot"], "unknown policy 'robot'"),
    (["--policy", "openai:gpt"], "policies need --base-url"),
    (["--max-turns", "0"], "--max-turns must be 1..16"),
    (["--policy", "replay:/nonexistent"], "expected a reference pool folder"),
])
def test_bad_paint_arguments_are_one_line_errors(tmp_path, args, message):
    child = spawn(["pears", *args], tmp_path, OPENAI_BASE_URL="")
    child.expect(pexpect.EOF)
    child.close()
    text = (tmp_path / "terminal.log").read_text()
    assert child.exitstatus == 2 and message in text and "Traceback" not in text


def test_an_unreachable_policy_server_is_reported_and_the_turn_retried(tmp_path):
    from test_policies import tool_call_reply

    from openai_server import ChatServer

    bloom = (FIXTURES / "render" / "bloom.js").read_text()

    def behaviour(_request, index):
        return (503, {"error": {"message": "warming up"}}, 0) if index < 3 else (200, tool_call_reply(bloom), 0)

    out = tmp_path / "retry"
    with ChatServer(behaviour) as server:
        child = spawn(["[bold]pears", "--policy", "openai:painter", "--base-url", server.base_url, "--max-turns", "1",
                       "--out", str(out), "--no-preview"], tmp_path)
        child.expect(loose("This turn could not be painted: policy:"))
        child.expect(loose("HTTP 503"))
        child.expect(loose("[r] retry (Enter)"))
        child.sendline("r")
        child.expect(loose("passed the gate"))
        child.expect(LAST)
        child.sendline("")
        child.expect(pexpect.EOF)
        child.close()
    assert child.exitstatus == 0 and len(server.requests) == 4
    turns = [r for r in events(out) if r["event"] == "turn"]
    assert [t["total"] is None for t in turns] == [True, False]
    assert turns[1]["subject"] == "[bold]pears"  # markup in a subject is text, not styling
    assert "[bold]pears" in (tmp_path / "terminal.log").read_text()


def test_paint_from_a_draft_paints_it_first_then_the_revision(tmp_path):
    """`paint --from`: the draft is painting 1 (the environment paints it), the policy's revision painting 2."""
    pool = ROOT / "reference_pool"
    draft = tmp_path / "draft.js"
    draft.write_text((pool / "sketches" / "pears-01.js").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "from"
    result = run_cli("paint", "pears", "--from", str(draft), "--policy", f"replay:{pool}", "--auto", "--max-turns",
                     "2", "--no-open", "--no-preview", "--render-workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    rows = events(out)
    assert [r["event"] for r in rows] == ["start", "turn", "turn", "end"]
    assert draft.read_text(encoding="utf-8").strip() in rows[0]["task"]  # the task quotes the draft
    first, second = (r for r in rows if r["event"] == "turn")
    assert first["turn"] == 1 and first["action"] == "draft" and first["sketch"] == draft.read_text(encoding="utf-8")
    revision = (pool / "sketches" / "pears-01-r1.js").read_text(encoding="utf-8")  # the replayed chain's revision
    assert second["turn"] == 2 and second["action"] == "paint" and second["sketch"] == revision.strip()
    assert first["gate_passed"] and second["gate_passed"] and first["total"] != second["total"]
    assert rows[-1]["accepted_turn"] == 2 and rows[-1]["turns"] == 2
    assert sorted(p.name for p in out.glob("*.png")) == ["turn-01.png", "turn-02.png"]
    assert (out / "index.html").read_text(encoding="utf-8").count("<img") == 2
    assert "Turn 1/2" in result.output and "the draft" in result.output


def test_eval_from_drafts_that_name_their_subject(tmp_path):
    """`eval --drafts DIR`: each draft naming its subject (`// subject: ...`) is one episode of that subject,
    painted first; the rows say which draft."""
    pool = ROOT / "reference_pool"
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    source = "// subject: pears\n" + (pool / "sketches" / "pears-01.js").read_text(encoding="utf-8")
    (drafts / "my-pears.js").write_text(source, encoding="utf-8")
    out = tmp_path / "eval"
    result = run_cli("eval", "--policy", f"replay:{pool}", "--drafts", str(drafts), "--max-turns", "2",
                     "--render-workers", "1", "--out", str(out), env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(r["subject"], r["draft"], r["turn"], r["action"]) for r in rows] == [
        ("pears", "my-pears", 1, "draft"), ("pears", "my-pears", 2, "paint")]
    assert rows[0]["sketch"] == source and rows[0]["gate_passed"]
    assert rows[1]["sketch"] == (pool / "sketches" / "pears-01-r1.js").read_text(encoding="utf-8").strip()
    assert rows[1]["ended"] == "turns_used" and rows[1]["episode_reward"] == rows[1]["total"]
