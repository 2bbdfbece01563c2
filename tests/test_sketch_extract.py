"""Tests for critique_paint.sketch.extract_sketch."""

from __future__ import annotations

import pytest

from critique_paint.sketch import check_sketch, extract_sketch

SKETCH = """function setup() {
  createCanvas(600, 600, WEBGL);
  brush.scaleBrushes(3);
  noLoop();
}
function draw() {
  translate(-width / 2, -height / 2);
  background("#f4efe4");
  brush.circle(300, 300, 40, false);
}"""

SHORT = "const x = 1;"


def test_js_fence() -> None:
    reply = f"Here is my painting.\n\n```js\n{SKETCH}\n```\n\nIt shows a sun."
    assert extract_sketch(reply) == SKETCH


def test_javascript_fence_with_info_and_case() -> None:
    reply = f"```JavaScript title=sketch.js\n{SKETCH}\n```"
    assert extract_sketch(reply) == SKETCH


def test_several_fences_takes_largest() -> None:
    reply = f"First:\n```js\n{SHORT}\n```\nFull sketch:\n```javascript\n{SKETCH}\n```\n"
    assert extract_sketch(reply) == SKETCH
    reply = f"```javascript\n{SKETCH}\n```\nand a note:\n```js\n{SHORT}\n```"
    assert extract_sketch(reply) == SKETCH


def test_other_languages_ignored() -> None:
    python = "def setup():\n    " + "x = 1\n    " * 50
    reply = f"```python\n{python}\n```\n```js\n{SHORT}\n```"
    assert extract_sketch(reply) == SHORT
    assert extract_sketch(f"```html\n<script>{SKETCH}</script>\n```") == ""


def test_untagged_fence_needs_code() -> None:
    assert extract_sketch(f"```\n{SKETCH}\n```") == SKETCH
    assert extract_sketch("```\nJust some words in a box.\n```") == ""


def test_unclosed_fence_runs_to_end() -> None:
    truncated = SKETCH[:120]
    reply = f"Sure!\n```js\n{truncated}"
    assert extract_sketch(reply) == truncated.strip()
    assert check_sketch(extract_sketch(reply)).codes == ("truncated",)


def test_close_fence_glued_to_code() -> None:
    reply = f"```js\n{SKETCH}```\nDone."
    assert extract_sketch(reply) == SKETCH


def test_raw_code_reply() -> None:
    assert extract_sketch(f"\n\n  {SKETCH}\n\n") == SKETCH


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "   \n",
        "I would paint a calm lake at dusk, with soft reeds.",
        "Use createCanvas and brush fills; I can't write the code now.",
    ],
)
def test_nothing_to_extract(reply: str) -> None:
    assert extract_sketch(reply) == ""


def test_crlf_normalised() -> None:
    reply = f"Here:\r\n```js\r\n{SKETCH}\r\n```\r\n".replace("\n", "\r\n").replace("\r\r", "\r")
    got = extract_sketch(reply)
    assert got == SKETCH
    assert "\r" not in got


def test_extracted_sketch_passes_gate() -> None:
    good = SKETCH.replace("  brush.circle", "  brush.noStroke();\n  brush.circle")
    assert check_sketch(extract_sketch(f"```js\n{good}\n```")).passed


def test_a_huge_reply_without_code_is_too_large_not_empty():
    reply = "Here is my painting, described in words. " * 125_000  # about 5 MB of prose
    verdict = check_sketch(extract_sketch(reply))
    assert [v.code for v in verdict.violations] == ["too_large"]
    assert extract_sketch("Just prose, no code at all.") == ""
