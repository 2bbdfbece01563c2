"""The edit action: `sketch.edits` (each code and message, several edits to one copy, the smallest edits that turn one
sketch into another) and edit turns of real episodes (drafts, bases, the gate, keep-best, undo, the conversation)."""

from __future__ import annotations

import difflib
import random
from pathlib import Path

import pytest

from critique_paint.env.endpoint import LocalEndpoint
from critique_paint.env.protocol import is_receipt
from critique_paint.env.runtime import PaintRuntime, RuntimeConfig
from critique_paint.errors import ProtocolError
from critique_paint.pool.manifest import load_manifest
from critique_paint.pool.synthetic import FAULTS, flower_sketch, repair_edit
from critique_paint.render.pages import RenderOptions
from critique_paint.sketch.edits import Edit, EditError, apply_edits, minimal_edits
from critique_paint.sketch.rules import MAX_SOURCE_CHARS

from helpers.sketches import SHORT_SKETCH

POOL = Path(__file__).resolve().parents[1] / "reference_pool"

BASE = """function setup() {
  createCanvas(600, 600, WEBGL);
  noLoop();
}
function draw() {
  brush.fill("#e8a07a", 200);
  brush.circle(300, 300, 150, false);
  brush.circle(200, 200, 50, false);
}"""


def failure(edits: list[Edit], base: str = BASE, **kwargs) -> EditError:
    with pytest.raises(EditError) as caught:
        apply_edits(base, edits, **kwargs)
    return caught.value


def test_one_edit_replaces_its_text_and_says_where_it_started():
    applied = apply_edits(BASE, [Edit("brush.circle(200, 200, 50, false);", "brush.circle(200, 220, 60, false);")])
    assert applied.source == BASE.replace("200, 200, 50", "200, 220, 60") and applied.lines == (8,)


def test_several_edits_apply_in_order_to_one_copy():
    edits = [Edit("noLoop();", "noLoop();\n  angleMode(DEGREES);"),  # one more line: what follows moves down
             Edit('"#e8a07a", 200', '"#9b7fc0", 200'),
             Edit('"#9b7fc0", 200', '"#9b7fc0", 90'),  # text only the edit before it wrote
             Edit("brush.circle(200, 200, 50, false);", "")]
    applied = apply_edits(BASE, edits)
    assert applied.lines == (3, 7, 7, 9)  # each in the copy it edited
    assert applied.source == BASE.replace("noLoop();", "noLoop();\n  angleMode(DEGREES);").replace(
        '"#e8a07a", 200', '"#9b7fc0", 90').replace("brush.circle(200, 200, 50, false);", "")


def test_an_old_that_does_not_occur_quotes_the_closest_line():
    error = failure([Edit("brush.circle(300, 300, 15, false);", "brush.circle(300, 300, 99, false);")])
    assert error.code == "edit_not_found" and error.line == 7
    assert error.message == ("the edit: `old` does not occur in the sketch (copy it exactly, spaces included); the "
                             "closest line is 7: `brush.circle(300, 300, 150, false);`")
    multi = failure([Edit("\n  brush.fill('#e8a07a', 200);\n  brush.circle(1, 1, 1, false);", "x")])
    assert multi.line == 6 and "closest line is 6: `brush.fill(\"#e8a07a\", 200);`" in multi.message  # its first line
    long = failure([Edit("x" * 400, "y")], base="let a = '" + "x" * 300 + "';")
    assert long.message.endswith("x" * 151 + "...`")  # a long line is quoted cut


def test_an_old_that_occurs_more_than_once_lists_its_lines():
    error = failure([Edit("brush.circle(", "brush.square(")])
    assert error.code == "edit_ambiguous" and error.line is None
    assert error.message == ("the edit: `old` occurs 2 times (line 7: `brush.circle(300, 300, 150, false);`; line 8: "
                             "`brush.circle(200, 200, 50, false);`); quote more of the line so that it matches once")
    zeros = failure([Edit("0", "1")])  # 17 times on 4 lines: each line once
    assert "occurs 17 times (line 2: " in zeros.message and zeros.message.count("; line ") == 3
    many = failure([Edit("= 0;", "= 1;")], base="\n".join(f"let x{i} = 0;" for i in range(8)))
    assert "occurs 8 times" in many.message and "line 5: `let x4 = 0;`)" in many.message  # the first five
    overlapping = failure([Edit("11", "22")], base="let x = 111;")  # at two places, however they overlap
    assert overlapping.code == "edit_ambiguous" and "occurs 2 times (line 1: `let x = 111;`)" in overlapping.message


def test_an_edit_that_changes_nothing_is_a_noop():
    same = failure([Edit("noLoop();", "noLoop();")])
    assert same.code == "edit_noop" and same.message.startswith("the edit replaces its text with the same text")
    undone = failure([Edit('"#e8a07a"', '"#000000"'), Edit('"#000000"', '"#e8a07a"')])
    assert undone.code == "edit_noop" and undone.message == "the edits together leave the sketch unchanged"


def test_an_empty_old_or_no_edit_is_a_bad_call():
    error = failure([Edit("noLoop();", "noLoop(); "), Edit("", "x")])
    assert error.code == "bad_call" and error.message.startswith("edit 2 of 2 has an empty `old`")
    assert failure([]).code == "bad_call"


def test_an_edit_past_the_size_limit_is_too_large():
    error = failure([Edit("noLoop();", "noLoop();\n// " + "x" * MAX_SOURCE_CHARS)])
    assert error.code == "too_large" and error.line == 3
    assert f"over the limit of {MAX_SOURCE_CHARS:,}" in error.message
    assert failure([Edit("noLoop();", "noLoop(); // ten more")], max_chars=len(BASE) + 5).code == "too_large"


def test_the_first_failing_edit_of_several_is_named():
    error = failure([Edit("noLoop();", "noLoop(); // one"), Edit("nothing here", "x"), Edit("", "y")])
    assert error.code == "edit_not_found" and error.message.startswith("edit 2 of 3: ")


def changed_runs(before: str, after: str) -> int:
    """How many runs of lines differ (difflib's non-equal opcodes): the most edits a revision needs."""
    opcodes = difflib.SequenceMatcher(None, before.split("\n"), after.split("\n"), autojunk=False).get_opcodes()
    return sum(op[0] != "equal" for op in opcodes)


def assert_reproduces(before: str, after: str) -> list[Edit]:
    edits = minimal_edits(before, after)
    assert apply_edits(before, edits, max_chars=max(MAX_SOURCE_CHARS, len(after))).source == after
    assert all(e.old == e.old.strip() != "" and e.new == e.new.strip() for e in edits)  # what XML arguments keep
    assert len(edits) <= changed_runs(before, after)
    return edits


def revision_pairs() -> list[tuple[str, str, str]]:
    entries = load_manifest(POOL)
    by_id = {e.id: e for e in entries}
    return [(e.id, by_id[e.parent_id].source_text(POOL), e.source_text(POOL))
            for e in entries if e.parent_id in by_id]


def test_minimal_edits_reproduce_every_revision_of_the_pool():
    pairs = revision_pairs()
    assert len(pairs) >= 53
    shares = []
    for name, before, after in pairs:
        edits = assert_reproduces(before, after)
        shares.append(sum(len(e.old) + len(e.new) for e in edits) / len(after))
        assert edits, name
    shares.sort()
    print(f"{len(pairs)} revision pairs: edits carry a median {shares[len(shares) // 2]:.0%} of a rewrite's characters")


@pytest.mark.parametrize("fault", FAULTS)
def test_minimal_edits_of_a_demo_repair_are_one_edit_no_longer_than_its_repair(fault):
    draft, repaired = flower_sketch(), flower_sketch([fault])
    repair = repair_edit(fault)
    assert apply_edits(draft, [repair]).source == repaired
    [edit] = assert_reproduces(draft, repaired)
    assert len(edit.old) + len(edit.new) <= len(repair.old) + len(repair.new)


def test_minimal_edits_refuse_what_no_edit_can_do():
    with pytest.raises(ValueError, match="the same"):
        minimal_edits(BASE, BASE)
    with pytest.raises(ValueError, match="blank"):
        minimal_edits("\n  \n", BASE)
    with pytest.raises(ValueError, match="paint it whole"):
        minimal_edits(BASE, BASE + "\n")  # outer whitespace: an edit's arguments cannot carry it


LINES = ["}", "  }", "", "  ", 'brush.fill("#e8a07a", 200);', "  brush.circle(300, 300, 150, false);",
         "function draw() {", "  translate(-300, -300);", "x = 1;", "x = 2;", "\t// a note"]


def outer_whitespace(text: str) -> tuple[str, str]:
    core = text.strip()
    at = text.index(core)
    return text[:at], text[at + len(core):]


def mutated(rng: random.Random, lines: list[str]) -> list[str]:
    """One to four random line edits: insert a line, delete one, change one, insert a blank line."""
    out = list(lines)
    for _ in range(rng.randint(1, 4)):
        kind, at = rng.choice(["insert", "delete", "change", "blank"]), rng.randrange(len(out) + 1)
        if kind == "insert":
            out.insert(at, rng.choice(LINES))
        elif kind == "blank":
            out.insert(at, "")
        elif at < len(out) and kind == "delete":
            del out[at]
        elif at < len(out):
            out[at] = rng.choice(LINES) if rng.random() < 0.5 else f"{out[at]} // {rng.randint(0, 9)}"
    return out


def test_minimal_edits_reproduce_random_line_edits():
    """Sketches of few distinct lines (so most lines repeat; a file may end in blank lines), revised by random line
    edits. Whenever the outer whitespace is kept, one edit of the whole stripped sketch would do: minimal_edits must
    find edits."""
    rng = random.Random(43)
    tried = 0
    for _ in range(4000):
        lines = [rng.choice(LINES) for _ in range(rng.randint(1, 12))]
        before = "\n".join(lines + [""] * rng.randint(0, 2))
        after = "\n".join(mutated(rng, before.split("\n")))
        if before == after or not before.strip() or not after.strip():
            continue
        if outer_whitespace(before) != outer_whitespace(after):
            continue
        assert_reproduces(before, after)
        tried += 1
    assert tried > 1500


@pytest.mark.parametrize("before,after", [
    ("  let a = [1, 2, 3];\n\n", "  let a = [1, 2, 3];\n\n  brush.circle(300, 300, 150, false);\n\n"),
    ("x = 1;\nfunction draw() {\nx = 1;\n\nfunction draw() {\n",
     "}\nx = 1;\nfunction draw() {\nx = 1;\n\n\nfunction draw() { // 6\n"),
])
def test_minimal_edits_take_lines_added_at_the_end(before, after):
    """The fuzz's finds: lines added at the sketch's end, after a change the window could not make unique alone."""
    assert_reproduces(before, after)


# Edits of tests/fixtures/render/bloom.js (the draft below): a violet, smaller bloom; a deeper violet; a broken fill.
VIOLET = [Edit('brush.fill("#e8a07a", 120);', 'brush.fill("#9b7fc0", 120);'), Edit("sin(a) * 120", "sin(a) * 90")]
DEEPER = [Edit('"#9b7fc0", 120', '"#9b7fc0", 180')]
BROKEN = [Edit('brush.fill("#5a7a3a", 150);', "brush.fill(#5a7a3a, 150);")]
SEED = 1


@pytest.fixture(scope="module")
def runtime(tmp_path_factory):
    cache = tmp_path_factory.mktemp("renders")  # a sketch painted twice at one seed is rendered once
    options = RenderOptions(workers=1, cache_dir=str(cache))
    with PaintRuntime(RuntimeConfig(reward_preset="offline", render=options)) as rt:
        yield rt


def start(runtime, **settings) -> tuple[LocalEndpoint, str]:
    endpoint = LocalEndpoint(runtime)
    opening = endpoint.start(subject="a peach hibiscus", seed=SEED, reward_preset="offline", **settings)
    return endpoint, opening


@pytest.fixture(scope="module")
def drafted(runtime, bloom_source):
    """A draft, an edit group of two, an edit that breaks the gate, an edit of the standing sketch."""
    endpoint, opening = start(runtime, draft=bloom_source, max_turns=4)
    for edits in (VIOLET, BROKEN, DEEPER):
        endpoint.edit(edits)
    return endpoint, opening


def test_an_episode_from_a_draft_paints_it_first(drafted, bloom_source):
    endpoint, opening = drafted
    episode = endpoint.episode
    draft = episode.turns[0]
    assert draft.action == "draft" and draft.turn == 1 and draft.gate_passed and draft.sketch == bloom_source
    assert draft.base_turn is None and draft.png and draft.total is not None
    assert opening.startswith("Paint a watercolour of a peach hibiscus.\n\nPainting 1 is the sketch below")
    assert f"```js\n{bloom_source.strip()}\n```" in opening  # the task quotes the draft ...
    assert opening.endswith("\n\n" + draft.observation)  # ... and ends with its painting's answer
    assert draft.observation.startswith("Painting 1 rendered. You can revise it 3 more times.")
    assert episode.opening() == opening and episode.messages()[1] == {"role": "user", "content": opening}


def test_an_edit_turn_records_its_base_its_edits_and_the_whole_sketch(drafted, runtime, bloom_source):
    endpoint, _ = drafted
    edited = endpoint.episode.turns[1]
    assert edited.action == "edit" and edited.base_turn == 1 and edited.calls == 2 and edited.tool == "edit"
    assert edited.edits == [{"old": 'brush.fill("#e8a07a", 120);', "new": 'brush.fill("#9b7fc0", 120);', "line": 11},
                            {"old": "sin(a) * 120", "new": "sin(a) * 90", "line": 17}]
    assert edited.sketch == apply_edits(bloom_source, VIOLET).source and edited.gate_passed and edited.png
    painted, _ = start(runtime, max_turns=1)
    same = painted.paint(edited.sketch)  # the edited source painted whole scores the same
    assert same.action == "paint" and same.sketch == edited.sketch.strip()  # (a painted reply is extracted)
    assert (same.total, same.components, same.critique) == (edited.total, edited.components, edited.critique)
    assert edited.total is not None and edited.total != endpoint.episode.turns[0].total


def test_an_edit_that_fails_the_gate_leaves_the_standing_sketch(drafted):
    endpoint, _ = drafted
    _, edited, broken, deeper = endpoint.episode.turns
    assert broken.action == "edit" and broken.base_turn == 2 and not broken.gate_passed and broken.total == 0.0
    assert broken.sketch == apply_edits(edited.sketch, BROKEN).source and broken.png is None
    assert broken.codes and broken.observation.startswith("Painting 3 was rejected.")
    assert deeper.base_turn == 2 and deeper.gate_passed  # the edit after it changed painting 2, not 3
    assert deeper.sketch == apply_edits(edited.sketch, DEEPER).source and "(#5a7a3a" not in deeper.sketch
    assert endpoint.episode.standing_turn() is deeper and endpoint.episode.done


def test_the_conversation_answers_each_edit_call_of_a_group(drafted):
    endpoint, opening = drafted
    messages = endpoint.episode.messages()
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "tool", "tool", "assistant", "tool",
                                             "assistant", "tool"]
    group = messages[2]
    assert [c["function"]["name"] for c in group["tool_calls"]] == ["edit", "edit"]
    assert [c["function"]["arguments"] for c in group["tool_calls"]] == [e.to_dict() for e in VIOLET]
    receipt, answer = messages[3:5]
    assert is_receipt(receipt) and receipt == {"role": "tool", "name": "edit", "content": (
        "Edit 1 of 2 received; the edits apply together and are painted after the last one.")}
    assert not is_receipt(answer) and answer["content"] == endpoint.episode.turns[1].observation
    assert [m["content"] for m in messages[6::2]] == [t.observation for t in endpoint.episode.turns[2:]]
    assert not any(is_receipt(m) for m in messages[5:])


def test_an_edit_before_any_painting_has_no_base(runtime):
    endpoint, _ = start(runtime, max_turns=3)
    first = endpoint.edit([Edit("noLoop();", "noLoop(); // again")])
    assert first.action == "edit" and first.base_turn is None and first.codes == ["edit_no_base"]
    assert not first.gate_passed and first.total == 0.0 and first.png is None and first.sketch == ""
    assert "paint a whole sketch with `paint`" in first.observation
    assert first.edits == [{"old": "noLoop();", "new": "noLoop(); // again", "line": None}]
    endpoint.paint("function setup() { createCanvas(600, 600, WEBGL); }\nfunction draw() { text('hi', 1, 1); }")
    assert endpoint.edit([Edit("noLoop();", "noLoop(); // again")]).codes == ["edit_no_base"]  # none passed the gate


@pytest.mark.parametrize("keep_best", [True, False])
def test_an_edit_changes_the_standing_painting(runtime, bloom_source, keep_best):
    """Keep-best: the best painting stands and an edit changes it; else the last painting that passed the gate."""
    endpoint, _ = start(runtime, max_turns=3, keep_best=keep_best)
    best, worse = endpoint.paint(bloom_source), endpoint.paint(SHORT_SKETCH)
    assert worse.gate_passed and worse.total < best.total
    edited = endpoint.edit(VIOLET)
    if keep_best:
        assert edited.base_turn == 1 and edited.gate_passed
        assert edited.sketch == apply_edits(best.sketch, VIOLET).source and best.sketch == bloom_source.strip()
    else:
        assert edited.base_turn == 2 and edited.codes == ["edit_not_found"] and edited.sketch == ""
        assert "the closest line is 9: `brush.fill(\"#e8a07a\", 200);`; painting 2 still stands" in edited.observation


def test_bad_edits_are_verdicts_and_leave_the_standing_sketch(runtime, bloom_source):
    endpoint, _ = start(runtime, draft=bloom_source, max_turns=4)
    empty = endpoint.edit([Edit("", "brush.noStroke();")])
    huge = endpoint.edit([Edit("noLoop();", "noLoop();\n// " + "x" * MAX_SOURCE_CHARS)])
    same = endpoint.edit([Edit("noLoop();", "noLoop();")])
    assert [t.codes for t in (empty, huge, same)] == [["bad_call"], ["too_large"], ["edit_noop"]]
    assert all(t.base_turn == 1 and t.png is None and t.sketch == "" and t.total == 0.0 for t in (empty, huge, same))
    assert "empty `old`" in empty.observation and "painting 1 still stands" in huge.observation
    assert endpoint.episode.standing_turn() is endpoint.episode.turns[0]


def test_undo_takes_back_edits_but_not_the_draft(runtime, bloom_source):
    endpoint, _ = start(runtime, draft=bloom_source, max_turns=3)
    edited = endpoint.edit(VIOLET)
    assert endpoint.undo() is edited and endpoint.episode.undone == [edited]
    with pytest.raises(ProtocolError, match="NOTHING_TO_UNDO: the draft is the episode's start"):
        endpoint.undo()
    assert [t.action for t in endpoint.episode.turns] == ["draft"]


def test_a_tool_the_episode_does_not_offer_is_a_bad_call(runtime, bloom_source):
    painting, _ = start(runtime, max_turns=2, actions=["paint"])
    painting.paint(bloom_source)
    refused = painting.edit(VIOLET)
    assert refused.codes == ["bad_call"] and refused.png is None and refused.action == "edit"
    assert "this episode does not offer `edit`; its tools are paint" in refused.observation
    editing, opening = start(runtime, max_turns=2, actions=["edit"], draft=bloom_source)
    assert "`paint`" not in opening
    assert editing.paint(bloom_source).codes == ["bad_call"]
