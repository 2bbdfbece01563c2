"""Deny by default: every known escape family is rejected, and every good sketch we ship still passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from critique_paint.paths import EXAMPLES_DIR, POOL_DIR
from critique_paint.sketch import check_sketch
from critique_paint.train.synthetic import draft_and_revision

FIXTURES = Path(__file__).parent / "fixtures"

# fixture stem -> (escape family, the code that must reject it)
ESCAPES = {
    "escaped_identifier": ("unicode-escaped identifier (eval)", "escaped_identifier"),
    "escape_unicode_fetch": ("unicode-escaped identifier (fetch)", "escaped_identifier"),
    "escape_unicode_member": ("unicode-escaped member name (elt)", "escaped_identifier"),
    "this_value": ("this as a value: (function () { return this })()", "this_value"),
    "escape_this_reflect": ("Reflect.get(this, ...)", "this_value"),
    "escape_this_brush_alias": ("const b = this.brush", "this_value"),
    "escape_this_brush_call": ("this.brush.line(...) outside the allowlist", "this_value"),
    "computed_key": ('(() => {})["con" + "structor"]', "computed_key"),
    "escape_computed_template": ("computed key from a template", "computed_key"),
    "escape_computed_variable": ("computed key from a concatenated variable", "computed_key"),
    "escape_computed_charcode": ("computed key from String.fromCharCode", "computed_key"),
    "escape_for_in_keys": ("for-in keys as computed keys", "computed_key"),
    "banned_member": ("canvas.elt.ownerDocument", "banned_member"),
    "escape_drawing_context": ("drawingContext.canvas.ownerDocument", "banned_member"),
    "escape_renderer": ("_pInst / _renderer", "banned_member"),
    "escape_default_view": ("defaultView", "banned_member"),
    "escape_inner_html": ("innerHTML", "banned_member"),
    "escape_css_url": ("CSS url(...) on a style", "banned_member"),
    "banned_string": ("a string spelling ownerDocument", "banned_string"),
    "escape_destructure": ("const { elt } = createCanvas(...)", "banned_member"),
    "escape_destructure_constructor": ("const { constructor: F } = () => 0", "banned_member"),
    "escape_webtransport": ("WebTransport (UDP)", "network"),
    "escape_rtc": ("RTCPeerConnection with a STUN server (UDP)", "network"),
    "reflection": ("Reflect.ownKeys", "reflection"),
    "escape_object_proto": ("Object.getPrototypeOf", "reflection"),
    "builtin_value": ("const M = Math; M.sin = ...", "builtin_value"),
    "escape_alias_assignment": ("const r = random; r.seed = ...", "builtin_assignment"),
    "escape_shared_method": ("[].map.hidden = ...", "builtin_assignment"),
    "escape_global_alias_timer": ("const g = globalThis; g.setTimeout(...)", "timer"),
    "escape_self_timer": ("self.setTimeout(...)", "timer"),
    "unknown_global": ("a global off the allowlist (performance)", "unknown_global"),
    "escape_arguments_caller": ("arguments.callee.caller", "banned_member"),
    "escape_proto_literal": ("{ __proto__: ... }", "banned_member"),
    "escape_window_computed": ('window["ev" + "al"]', "computed_key"),
    "escape_block_shadow": ("{ let Reflect } does not declare it outside the block", "reflection"),
    "escape_class_this": ("a class method called as draw() reads the page through this", "this_value"),
}


@pytest.mark.parametrize("stem", sorted(ESCAPES))
def test_escape_is_rejected(stem: str) -> None:
    source = (FIXTURES / "gate" / f"{stem}.js").read_text()
    verdict = check_sketch(source)
    assert not verdict.passed
    assert ESCAPES[stem][1] in verdict.codes, verdict.violations


def test_escape_fixtures_are_listed() -> None:
    on_disk = {p.stem for p in (FIXTURES / "gate").glob("escape_*.js")}
    assert on_disk <= set(ESCAPES)
    assert len(ESCAPES) >= 27


def good_sketches() -> dict[str, dict[str, str]]:
    """Every sketch we ship or generate, read at test time (the pool grows while others work)."""
    groups: dict[str, dict[str, str]] = {
        "pool": {p.name: p.read_text() for p in sorted((POOL_DIR / "sketches").glob("*.js"))},
        "pool_rejected": {p.name: p.read_text() for p in sorted((POOL_DIR / "rejected" / "sketches").glob("*.js"))},
        "pool_candidates": {p.name: p.read_text() for p in sorted((POOL_DIR / "candidates").glob("*.js"))},
        "examples": {p.name: p.read_text() for p in sorted(EXAMPLES_DIR.glob("*.js"))},
        "fixtures": {p.name: p.read_text() for p in [*sorted((FIXTURES / "gate").glob("good_*.js")),
                                                     *sorted((FIXTURES / "render").glob("*.js"))]},
        "synthetic": {},
    }
    for seed in range(40):
        draft, revision = draft_and_revision(seed)
        groups["synthetic"][f"{seed}-draft"] = draft
        groups["synthetic"][f"{seed}-revision"] = revision
    return groups


def test_every_good_sketch_passes() -> None:
    groups = good_sketches()
    failures = {}
    for group, sketches in groups.items():
        assert sketches or group == "pool_candidates", f"no {group} sketches found"
        for name, source in sketches.items():
            verdict = check_sketch(source)
            if not verdict.passed:
                failures[f"{group}/{name}"] = [(v.code, v.line, v.message) for v in verdict.violations[:3]]
    counts = {group: len(sketches) for group, sketches in groups.items()}
    print(f"good sketches checked: {counts}")
    assert not failures, failures
