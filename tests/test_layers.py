"""The import layers hold: the import-linter contract in pyproject.toml (every import, deferred ones too), every
unit in one layer, no import cycles, and every name imported from the package exists."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "critique_paint"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def contract_layers() -> dict[str, int]:
    """Unit name -> layer number (1 the lowest), from the layers contract in pyproject.toml."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["type"] == "layers"]
    layers: dict[str, int] = {}
    for number, line in enumerate(reversed(contract["layers"]), start=1):
        for name in line.replace("|", ":").split(":"):
            assert name.strip() not in layers, f"{name.strip()} is listed twice in the layers contract"
            layers[name.strip()] = number
    return layers


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root / "src")}
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)


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


def test_every_unit_is_in_one_layer():
    layers = contract_layers()
    units = {unit(m) for m in modules()} - {"critique_paint"}
    assert units - set(layers) == set(), "add these to the layers contract in pyproject.toml"
    assert set(layers) - units == set(), "the layers contract lists units that do not exist"


def test_the_layers_contract_holds():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 kept, 0 broken" in result.stdout


def test_the_contract_catches_a_deferred_upward_import(tmp_path):
    """A function-level import of a higher layer breaks the contract (checked on a copy of the package)."""
    shutil.copytree(PACKAGE, tmp_path / "src" / "critique_paint", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with (tmp_path / "src" / "critique_paint" / "sketch" / "__init__.py").open("a") as f:
        f.write("\n\ndef _upward():\n    from critique_paint.train.grpo import run_grpo  # noqa: F401\n")
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    assert "critique_paint.sketch -> critique_paint.train.grpo" in result.stdout, result.stdout


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
