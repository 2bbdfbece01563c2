"""The import layers documented in the README's Layout section hold: nothing imports upward or in a circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "critique_paint"


def documented_layers() -> dict[str, int]:
    """Unit name -> layer number, from the numbered list under README's `## Layout`."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Layout", 1)[1].split("\n## ", 1)[0]
    layers: dict[str, int] = {}
    for number, names in re.findall(r"^(\d+)\. (.+?) —", section, flags=re.M):
        for name in re.findall(r"`([a-z_]+)`", names):
            assert name not in layers, f"{name} is listed twice in the README's layers"
            layers[name] = int(number)
    return layers


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("critique_paint", *path.relative_to(PACKAGE).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def package_of(name: str, path: Path) -> str:
    """The package a module's relative imports start from: itself for an `__init__.py`, else its parent."""
    return name if path.name == "__init__.py" else name.rsplit(".", 1)[0]


def from_target(node: ast.ImportFrom, package: str) -> str:
    """The module a `from ... import` statement in `package` reads from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every critique_paint module `name` imports, at module level or inside functions."""
    package = package_of(name, path)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            target = from_target(node, package)
            candidates = [target, *(f"{target}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            candidates = [a.name for a in node.names]
        else:
            continue
        found |= {c for c in candidates if c in known and c != name}
    return found


def unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "critique_paint"


def test_every_unit_is_documented_in_one_layer():
    layers = documented_layers()
    units = {unit(m) for m in modules()} - {"critique_paint"}
    assert units - set(layers) == set(), "add these to the README's Layout layers"
    assert set(layers) - units == set(), "the README's Layout lists units that do not exist"


def test_no_module_imports_from_a_higher_layer():
    layers = {**documented_layers(), "critique_paint": 0}
    known = modules()
    upward = []
    for name, path in known.items():
        for target in imports_of(name, path, known):
            if layers[unit(target)] > layers[unit(name)]:
                upward.append(f"{name} (layer {layers[unit(name)]}) imports {target} (layer {layers[unit(target)]})")
    assert not upward, "\n".join(sorted(upward))


def test_no_import_cycles():
    known = modules()
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    cycles, state = [], {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycles.append(" -> ".join([*trail[trail.index(nxt):], nxt]))
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = "done"

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert not cycles, "\n".join(cycles)


def test_the_checker_sees_deferred_imports(tmp_path):
    """A function-level import counts: the walk would catch the old policy -> train import."""
    source = "def f():\n    from critique_paint.train.run import run_grpo\n"
    path = tmp_path / "m.py"
    path.write_text(source)
    known = {"critique_paint.policy.m": path, "critique_paint.train.run": path}
    assert imports_of("critique_paint.policy.m", path, known) == {"critique_paint.train.run"}


def test_every_name_imported_from_the_package_exists():
    """Deferred imports run only when their command does: a name that moved or was renamed must fail here, not in
    a user's `make demo` (the package's modules and the benchmark scripts)."""
    import importlib

    missing = []
    known = modules()
    scripts = {f"benchmarks.{p.stem}": p for p in (ROOT / "benchmarks").glob("*.py")}
    for name, path in {**known, **scripts}.items():
        package = package_of(name, path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            target = from_target(node, package)
            if not target.startswith("critique_paint"):
                continue
            module = importlib.import_module(target)
            for alias in node.names:
                if not hasattr(module, alias.name) and f"{target}.{alias.name}" not in known:
                    missing.append(f"{name}:{node.lineno} imports {alias.name} from {target}")
    assert not missing, "\n".join(missing)
