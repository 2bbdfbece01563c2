"""The documentation: the site builds with `mkdocs build --strict` (every link and anchor checked, see
`validation` in mkdocs.yml), every page in the nav exists, README.md and docs/ link only to files that exist,
mention no design document outside the repository, and show only real commands and flags."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1", re.S)


def prose(path: Path) -> str:
    """The page's text without fenced code blocks and code spans, where a `[x](y)` is not a link."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return CODE_SPAN.sub("", text)


def nav_pages(items) -> list[str]:
    """Every page path in an mkdocs nav, nested sections included."""
    found = []
    for item in items:
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            for value in item.values():
                found.extend(nav_pages(value) if isinstance(value, list) else [value])
    return [p for p in found if not re.match(r"[a-z][a-z0-9+.-]*:", p)]


def mkdocs_config() -> dict:
    return yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def test_the_site_builds_strict(tmp_path):
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        pytest.skip("mkdocs and mkdocs-material are not installed (the dev extras: pip install -e '.[dev]')")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
                             str(ROOT / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNING" not in output, output
    for page in nav_pages(mkdocs_config()["nav"]):
        assert (tmp_path / "site" / Path(page).with_suffix(".html")).is_file(), page


def test_every_nav_page_exists_and_every_page_is_in_the_nav():
    config = mkdocs_config()
    assert config["theme"]["name"] == "material"
    pages = nav_pages(config["nav"])
    assert pages, "mkdocs.yml has no nav"
    assert [p for p in pages if not (DOCS / p).is_file()] == []
    assert sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")) == sorted(pages)
    validation = config["validation"]
    assert set(validation["links"].values()) == {"warn"}, "unresolved links must warn, so --strict fails on them"
    assert set(validation["nav"].values()) == {"warn"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_design_document_outside_the_repository(page):
    assert "design.md" not in page.read_text(encoding="utf-8").lower()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_point_at_files_in_the_repository(page):
    text = prose(page)
    targets = LINK.findall(text) + REFERENCE.findall(text)
    broken = []
    for target in targets:
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith(("#", "//")):
            continue  # a web address, mail or an anchor on the same page
        if target.startswith("/"):
            broken.append(f"{target} (absolute: write it relative to the page)")
            continue
        path = target.split("#", 1)[0].split("?", 1)[0]
        resolved = (page.parent / path).resolve()
        if not resolved.is_relative_to(ROOT) or not resolved.exists():
            broken.append(target)
    assert broken == [], f"{page.relative_to(ROOT)} links to paths that do not exist in the repository"


def commands(group: click.Group, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], click.Command]:
    """Every command under `group`, sub-groups included; a lazy group's commands are loaded (`load`), since its
    `get_command` gives the option-less stand-in that lists them."""
    found = {}
    ctx = click.Context(group, info_name="critique-paint")
    for name in group.list_commands(ctx):
        load = getattr(group, "load", None)
        command = load(name) if load else group.get_command(ctx, name)
        found[(*path, name)] = command
        if isinstance(command, click.Group):
            found.update(commands(command, (*path, name)))
    return found


def flags(command: click.Command) -> set[str]:
    return {o for p in command.params if isinstance(p, click.Option) for o in (*p.opts, *p.secondary_opts)}


def test_every_command_and_flag_the_docs_show_exists():
    from critique_paint.cli import cli

    known = commands(cli)
    shown = 0
    for page in PAGES:
        for span in re.findall(r"(?<!# )critique-paint ([a-z][^`\n]*)", page.read_text(encoding="utf-8")):
            words = span.split()
            path = (words[0],)
            if len(words) > 1 and (words[0], words[1]) in known:
                path = (words[0], words[1])
            where = f"{page.relative_to(ROOT)} shows `critique-paint {span}`"
            assert path in known, f"{where}: {path[0]} is not a command"
            documented = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", span))
            assert documented <= flags(known[path]) | {"--help"}, (where, documented - flags(known[path]))
            shown += 1
    assert shown > 40


def test_the_training_settings_table_is_the_declared_one():
    from critique_paint.config.training import settings_table

    assert settings_table() in (DOCS / "training.md").read_text(encoding="utf-8"), \
        "docs/training.md's settings table differs from the fields: paste config.training.settings_table()'s output"
