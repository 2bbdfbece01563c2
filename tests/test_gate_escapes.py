"""The gate states the contract: the escape fixtures it still rejects are rejected with their codes, and every
good sketch we ship, generate or keep as an honest style (tests/fixtures/styles) passes.

The gate is not the security boundary (the renderer's compartments are: tests/test_sandbox_escapes.py), so it
bans no member names, keys or `this`; fixtures that only such bans caught live in tests/fixtures/sandbox.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from critique_paint.env.protocol import system_prompt
from critique_paint.paths import EXAMPLES_DIR, pool_dir
from critique_paint.pool.synthetic import draft_and_revision
from critique_paint.sketch import DEFAULT_BRUSH_ALLOWLIST, check_sketch
from critique_paint.sketch.rules import P5_ALLOWED, SAFE_BUILTINS

POOL_DIR = pool_dir()
FIXTURES = Path(__file__).parent / "fixtures"

# fixture stem -> (escape family, the code that must reject it)
ESCAPES = {
    "escaped_identifier": ("unicode-escaped identifier (eval)", "escaped_identifier"),
    "escape_unicode_fetch": ("unicode-escaped identifier (fetch)", "escaped_identifier"),
    "escape_unicode_member": ("unicode-escaped member name (elt)", "escaped_identifier"),
    "escape_drawing_context": ("drawingContext.canvas.ownerDocument", "p5_not_allowed"),
    "escape_webtransport": ("WebTransport (UDP)", "network"),
    "escape_rtc": ("RTCPeerConnection with a STUN server (UDP)", "network"),
    "reflection": ("Reflect.ownKeys", "reflection"),
    "escape_this_reflect": ("Reflect.get(this, ...)", "reflection"),
    "escape_global_alias_timer": ("const g = globalThis; g.setTimeout(...)", "global_object"),
    "escape_self_timer": ("self.setTimeout(...)", "global_object"),
    "unknown_global": ("a global off the allowlist (performance)", "unknown_global"),
    "escape_window_computed": ('window["ev" + "al"]', "global_object"),
    "escape_block_shadow": ("{ let Reflect } does not declare it outside the block", "reflection"),
    "dynamic_code": ("eval", "dynamic_code"),
    "network": ("fetch", "network"),
    "timer": ("setTimeout", "timer"),
    "reserved_name": ("the renderer's depth counter by name", "reserved_name"),
    "unsupported_syntax": ("await using (its disposal resumes uncounted)", "unsupported_syntax"),
    "refused_text": ("--> in a string (SES refuses it)", "refused_text"),
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


def good_sketches() -> dict[str, dict[str, str]]:
    """Every sketch we ship or generate, read at test time (the pool grows while others work)."""
    groups: dict[str, dict[str, str]] = {
        "pool": {p.name: p.read_text() for p in sorted((POOL_DIR / "sketches").glob("*.js"))},
        "pool_rejected": {p.name: p.read_text() for p in sorted((POOL_DIR / "rejected" / "sketches").glob("*.js"))},
        "pool_candidates": {p.name: p.read_text() for p in sorted((POOL_DIR / "candidates").glob("*.js"))},
        "examples": {p.name: p.read_text() for p in sorted(EXAMPLES_DIR.glob("*.js"))},
        "fixtures": {p.name: p.read_text() for p in [*sorted((FIXTURES / "gate").glob("good_*.js")),
                                                     *sorted((FIXTURES / "render").glob("*.js"))]},
        "styles": {p.name: p.read_text() for p in sorted((FIXTURES / "styles").glob("*.js"))},
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
    assert len(groups["styles"]) >= 20
    assert not failures, failures


def contract_lists() -> dict[str, set[str]]:
    """The names the default system prompt (prompts/system.md) lists: its brush calls, p5 helpers and
    JavaScript globals."""
    text = system_prompt()
    bullets = re.split(r"\n- ", text)
    found = {"brush": set(re.findall(r"`brush\.(\w+)", text))}
    for key, marker in (("p5", "p5 helpers, exactly these"), ("globals", "exactly these: `Math`")):
        [bullet] = [b for b in bullets if marker in b]
        names = re.findall(r"`(\w+)`", bullet.split("exactly these:")[-1].split("refused.")[0])
        found[key] = set(names)
    return found


def test_the_contract_lists_exactly_what_the_gate_and_the_renderer_accept() -> None:
    listed = contract_lists()
    assert listed["brush"] == DEFAULT_BRUSH_ALLOWLIST
    assert listed["p5"] == P5_ALLOWED
    assert listed["globals"] == SAFE_BUILTINS
    bloom = (FIXTURES / "render" / "bloom.js").read_text()
    uses = "\n".join(f"const probe_{name} = typeof {name};" for name in sorted(listed["p5"] | listed["globals"]))
    assert check_sketch(bloom.replace("noLoop();", "noLoop();\n" + uses, 1)).passed
    for name in ("fill", "ellipse", "noiseDetail", "Reflect", "Date", "Float32Array", "globalThis", "Function"):
        assert not check_sketch(bloom.replace("noLoop();", f"noLoop();\nconst probe = typeof {name};", 1)).passed, name
