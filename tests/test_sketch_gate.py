"""Tests for the static sketch gate (critique_paint.sketch.check_sketch)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from critique_paint.sketch import (
    BRUSH_METHODS,
    DEFAULT_BRUSH_ALLOWLIST,
    VIOLATION_CODES,
    GateVerdict,
    Violation,
    check_sketch,
)

FIXTURES = Path(__file__).parent / "fixtures" / "gate"

GOOD = (FIXTURES / "good_basic.js").read_text()


def _expected(source: str) -> set[tuple[str, int | None]]:
    """Parse the fixture header ``// expect: code@line, code`` (or ``pass``)."""
    header = source.splitlines()[0].removeprefix("// expect:").strip()
    if header == "pass":
        return set()
    found = set()
    for item in header.split(","):
        code, _, line = item.strip().partition("@")
        found.add((code, int(line) if line else None))
    return found


def _pairs(verdict: GateVerdict) -> set[tuple[str, int | None]]:
    return {(v.code, v.line) for v in verdict.violations}


def _in_draw(stmt: str) -> str:
    """The good sketch with ``stmt`` as the first statement of draw()."""
    return GOOD.replace("function draw() {\n", "function draw() {\n  " + stmt + "\n", 1)


def _codes(source: str, **kwargs) -> set[str]:
    return {v.code for v in check_sketch(source, **kwargs).violations}


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.js")), ids=lambda p: p.stem)
def test_fixture(path: Path) -> None:
    source = path.read_text()
    verdict = check_sketch(source)
    assert _pairs(verdict) == _expected(source)
    assert verdict.passed == (not _expected(source))


def test_every_code_has_a_fixture() -> None:
    covered = {code for p in FIXTURES.glob("*.js") for code, _ in _expected(p.read_text())}
    assert set(VIOLATION_CODES) - covered == {"too_large"}


def test_public_constants() -> None:
    assert len(BRUSH_METHODS) == 50  # 47 functions + Plot, Polygon, Position
    assert DEFAULT_BRUSH_ALLOWLIST <= BRUSH_METHODS
    assert len(DEFAULT_BRUSH_ALLOWLIST) == 10


def test_verdict_to_dict() -> None:
    verdict = check_sketch(_in_draw("rect(0, 0, 10, 10);"))
    assert verdict.to_dict() == {
        "passed": False,
        "violations": [{"code": "p5_drawing", "message": verdict.violations[0].message, "line": 10}],
    }
    assert Violation("x", "y", None).to_dict() == {"code": "x", "message": "y", "line": None}


@pytest.mark.parametrize(
    ("stmt", "codes"),
    [
        ("new Function('return 1')();", {"dynamic_code"}),
        ("setTimeout('brush.circle(1, 2, 3)', 10);", {"dynamic_code"}),
        ("setInterval(() => 0, 10);", {"timer"}),
        ("requestAnimationFrame(draw);", {"timer"}),
        ("import('https://example.com/m.js');", {"network"}),
        ("const ws = new WebSocket('ws://x');", {"network"}),
        ("const x = require('fs');", {"network"}),
        ("navigator.sendBeacon('/x');", {"network"}),
        ("const t = new WebTransport('https://127.0.0.1:4433/');", {"network"}),
        ("const g = globalThis;", {"global_object"}),
        ("localStorage.setItem('a', 1);", {"global_object"}),
        ("const t = top;", {"global_object"}),
        ("const shapes = [rect, ellipse];", {"p5_drawing"}),
        ("beginShape(); vertex(1, 2); endShape();", {"p5_drawing"}),
        ("const v = createVector(1, 2);", {"p5_not_allowed"}),
        ("const gl = drawingContext;", {"p5_not_allowed"}),
        ("const P = p5.prototype;", {"p5_not_allowed"}),
        ("textSize(20);", {"text_drawing"}),
        ("loadFont('a.ttf');", {"loader", "text_drawing"}),
        ("const i = createImg('a.png', '');", {"loader"}),
        ("const s = `data:IMAGE/png;base64,AAAA`;", {"loader"}),
        ("random = () => 0.5;", {"builtin_assignment"}),
        ("width += 10;", {"builtin_assignment"}),
        ("Array.prototype.sum = function () { return 0; };", {"builtin_assignment"}),
        ("Math.sin = () => 0;", {"builtin_assignment"}),
        ("Object.defineProperty(Math, 'PI', { value: 3 });", {"builtin_assignment"}),
        ("Object.assign(brush, {});", {"builtin_assignment", "dynamic_access"}),
        ("const t = performance.now();", {"unknown_global"}),
        ("const d = new Date();", {"unknown_global"}),
        ("const xs = new Float32Array(4);", {"unknown_global"}),
        ("const p = new Proxy({}, {});", {"reflection"}),
        ("const u = f\\u0065tch;", {"escaped_identifier"}),
        ("const e = brush.circle(1, 2, 3).\\u0065lt;", {"escaped_identifier"}),
        ("petals = 8;", {"undeclared_assignment"}),
        ("count++;", {"undeclared_assignment"}),
        ("const note = 'a --> b';", {"refused_text"}),
        ("const tip = `never call eval(x)`;", {"refused_text"}),
        ("const $cp_d = 1;", {"reserved_name"}),
        ("$cp_over();", {"reserved_name"}),
        ("async function g() { await using r = { [Symbol.asyncDispose]() {} }; }", {"unsupported_syntax"}),
        ("function* g() { yield* [1]; }", set()),
        ("let brush = 1;", {"builtin_assignment"}),
        ("brush.circle = () => 0;", {"builtin_assignment"}),
        ("delete Math.random;", {"builtin_assignment"}),
        ("const b = brush; b.wash();", {"dynamic_access"}),
        ("const { wash } = brush;", {"dynamic_access"}),
        ("with (brush) { circle(1, 2, 3); }", {"dynamic_access", "p5_drawing"}),
        ("const m = 'circle'; brush[m](1, 2, 3);", {"dynamic_access"}),
        ("for (const k in brush) { const v = [1][k]; }", {"dynamic_access"}),
        ("const f = brush.wash;", {"brush_not_allowed"}),
        ("brush.hatch(5, 45);", {"brush_not_allowed"}),
        ("brush.text('hi');", {"brush_unknown"}),
        ("brush?.pencil(1);", {"brush_unknown"}),
    ],
)
def test_rule_cases(stmt: str, codes: set[str]) -> None:
    assert _codes(_in_draw(stmt)) == codes


def test_import_statement() -> None:
    verdict = check_sketch("import x from 'y';\n" + GOOD)
    assert _pairs(verdict) == {("network", 1)}


@pytest.mark.parametrize(
    "stmt",
    [
        "const color = '#aa3300'; brush.fill(color, 80);",
        "let width = 5; width += 1;",
        "const a = Math.max(1, 2) + Number('3') + parseFloat('1.5');",
        "const xs = [3, 1, 2].map((v) => v * 2).sort();",
        "function line(a, b) { return a + b; } line(1, 2);",
        "const o = { window: 1, top: 2, document: 3, n: 0 }; o.n += 1;",
        "const xs = [3, 1, 2]; const s = xs[xs.length - 1] + xs[floor(random(3))] + xs[max(0, 1)];",
        "[4, 5].forEach((v, i) => brush.circle(v * 10, i * 10, 5, false));",
        "for (const n of [1, 2]) { const ys = [0, 1, 2]; brush.circle(ys[n], 1, 2, false); }",
        "class P { constructor(x) { this.x = x; } paint() { brush.circle(this.x, 1, 2, false); } }",
        "const label = 'hatch at the top of the page';",
        "const top = 40; brush.circle(300, top, 10, false);",
        "push(); rotate(45); scale(1.1); pop();",
        "const c = lerpColor(color('#fff'), color('#000'), 0.5); brush.fill(c, 90);",
        "brush.noFill(); brush.fillBleed(0.1);",
        "const n = frameCount + TWO_PI + QUARTER_PI + TAU + atan2(1, 2);",
        # what only the security-era bans rejected
        "const t = { x: 90, top: 230, style: 'loose', parent: null, canvas: 2 }; brush.circle(t.x, t.top, 5, false);",
        "const palette = ['#123', '#456']; const b = { stripe: 1 }; brush.fill(palette[b.stripe], 90);",
        "const colours = { sky: '#9cf' }; const key = 'sky'; brush.fill(colours[key], 90);",
        "const p = { n: 0, bump() { this.n++; return this; } }; p.bump().bump();",
        "class S { static make() { return new this(); } }",
        "const o = { _angle: 3 }; o._angle += 1;",
        "function Cloud(x) { this.x = x; } Cloud.prototype.paint = function () { return this.x; };",
        "const { PI: pi, sin: s } = Math; const v = s(pi);",
        "const names = Object.keys({ a: 1 }).concat(Object.entries({ b: 2 }).map(([k]) => k));",
        "const note = 'canvas texture, constructor, ownerDocument, innerHTML';",
        "const F = [].constructor; const kind = F.name;",
        "const g = (() => this)();",
        "const it = { *[Symbol.iterator]() { yield 1; } }; for (const v of it) brush.circle(v, 1, 2, false);",
        "function f() { return arguments.length; } f(1);",
        "const done = new Promise((resolve) => resolve(1)); const e = new Error('x');",
        "const m = new WeakMap(); const seen = new WeakSet();",
    ],
)
def test_allowed_code_passes(stmt: str) -> None:
    verdict = check_sketch(_in_draw(stmt))
    assert verdict.passed, verdict.violations


def test_top_level_redefinitions() -> None:
    """A sketch may shadow p5 names with its own (it runs in its own compartment), but not brush or p5."""
    assert check_sketch("let width = 600;\nfunction random() { return 0.5; }\nconst brush2 = 1;\n" + GOOD).passed
    verdict = check_sketch("var p5 = 1;\n" + GOOD.replace("brush.circle(300, 300, 40, false);",
                                                         "brush.circle(300, 300, 40, false);\n  { let brush; }"))
    assert {v.code for v in verdict.violations} == {"builtin_assignment"}
    assert len(verdict.violations) == 2


def test_custom_allowlist_and_canvas_size() -> None:
    source = _in_draw("brush.wash('#336699');").replace("600, 600", "400, 400")
    assert _codes(source, canvas_size=400) == {"brush_not_allowed"}
    allow = DEFAULT_BRUSH_ALLOWLIST | {"wash"}
    assert check_sketch(source, brush_allowlist=allow, canvas_size=400).passed
    assert _codes(GOOD, brush_allowlist=["circle"]) == {"brush_not_allowed"}


def test_non_literal_canvas_size_allowed() -> None:
    source = GOOD.replace("createCanvas(600, 600, WEBGL)", "createCanvas(S, S, WEBGL)")
    assert check_sketch("const S = 600;\n" + source).passed
    hex_size = GOOD.replace("createCanvas(600, 600, WEBGL)", "createCanvas(0x258, 6e2, WEBGL)")
    assert check_sketch(hex_size).passed


def test_endshape_without_vertices_is_not_painting() -> None:
    source = GOOD.replace("  brush.circle(300, 300, 40, false);\n", "").replace("brush.vertex(", "Math.max(")
    assert _codes(source) == {"no_painting"}


def test_truncated_inside_string() -> None:
    source = GOOD[: GOOD.index('"#e8a07a"') + 4]
    verdict = check_sketch(source)
    assert verdict.codes == ("truncated",)
    assert verdict.violations[0].line == source.count("\n") + 1


def test_extra_closing_brace_is_syntax_error() -> None:
    verdict = check_sketch(GOOD + "}\n")
    assert verdict.codes == ("syntax_error",)
    assert verdict.violations[0].line == GOOD.count("\n") + 1


def test_crlf_lines() -> None:
    verdict = check_sketch(_in_draw("rect(0, 0, 1, 1);").replace("\n", "\r\n"))
    assert _pairs(verdict) == {("p5_drawing", 10)}


def test_dedup_and_cap() -> None:
    many = "\n".join(f"  rect({i}, 0, 1, 1); rect({i}, 1, 1, 1);" for i in range(80))
    verdict = check_sketch(_in_draw(many))
    assert len(verdict.violations) == 50
    lines = [v.line for v in verdict.violations]
    assert len(set(lines)) == len(lines)


@pytest.mark.parametrize(
    "source",
    [
        "",
        "   \n\t ",
        "// only a comment",
        "x" * 2_000_000,
        "junk ]]] ((( {{ " * 5000,
        os.urandom(60_000).decode("utf-8", errors="replace"),
        b"\xff\xfe\x00function setup() {\x80 brush.circle(1,2,3) }".decode("utf-8", "replace"),
        "(" * 10_000 + "1" + ")" * 10_000,
        "(" * 10_000,
        "[" * 5_000 + "{" * 5_000,
        "f(" * 8_000,
        "\ud800 surrogate",
    ],
    ids=[
        "empty",
        "blank",
        "comment",
        "2mb",
        "junk",
        "random_bytes",
        "binary_prefix",
        "nested_parens",
        "unclosed_parens",
        "unclosed_mixed",
        "nested_calls",
        "surrogate",
    ],
)
def test_never_raises(source: str) -> None:
    verdict = check_sketch(source)
    assert isinstance(verdict, GateVerdict)
    assert not verdict.passed
    assert all(v.code in VIOLATION_CODES for v in verdict.violations)
    assert len(verdict.violations) <= 50


def test_specific_robustness_codes() -> None:
    assert check_sketch("").codes == ("empty",)
    assert check_sketch("x" * 2_000_000).codes == ("too_large",)
    assert check_sketch("(" * 10_000 + "1" + ")" * 10_000).codes == ("no_setup", "no_canvas", "no_painting")
    assert check_sketch("(" * 10_000).codes == ("truncated",)
