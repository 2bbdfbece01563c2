"""The bundled reference pool and the `critique-paint pool` tools."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

from critique_paint.paths import POOL_DIR
from critique_paint.pool import load_manifest, sample_references
from critique_paint.pool.build import check_manifest
from critique_paint.pool.manifest import sha256_bytes
from critique_paint.sketch import check_sketch

CLI = [sys.executable, "-m", "critique_paint.cli"]


@pytest.fixture(scope="module")
def entries():
    return load_manifest(POOL_DIR)


def test_manifest_is_consistent(entries):
    assert check_manifest(POOL_DIR, entries) == []


def test_pool_meets_its_size_targets(entries):
    tiers = Counter(e.tier for e in entries)
    refs = [e for e in entries if e.is_reference]
    assert len(refs) >= 120 and tiers["love"] >= 40 and tiers["rejected"] >= 15
    assert len({e.subject for e in refs}) >= 8
    assert sum(e.subject == "a peach hibiscus" for e in refs) >= 30
    assert sum(1 for e in entries if e.parent_id) >= 30


def test_revision_chains_link_to_existing_parents(entries):
    by_id = {e.id: e for e in entries}
    for e in entries:
        if e.parent_id:
            assert e.parent_id in by_id and e.critique
            assert by_id[e.parent_id].subject == e.subject


def test_every_source_passes_the_static_gate(entries):
    failures = {e.id: check_sketch(e.source_text(POOL_DIR)).codes for e in entries}
    assert {k: v for k, v in failures.items() if v} == {}


def test_sampler_is_deterministic_and_balanced(entries):
    a = sample_references(entries, n=4, seed=11)
    b = sample_references(entries, n=4, seed=11)
    assert [e.id for e in a] == [e.id for e in b]
    assert Counter(e.tier for e in a) == {"love": 2, "okay": 2}
    draws = {tuple(e.id for e in sample_references(entries, n=4, seed=s)) for s in range(20)}
    assert len(draws) > 10
    for s in range(50):
        assert all(e.tier != "rejected" for e in sample_references(entries, n=6, seed=s))


def test_sampler_prefers_the_subject_when_it_can(entries):
    refs = sample_references(entries, n=4, seed=3, subject="a peach hibiscus")
    assert {e.subject for e in refs} == {"a peach hibiscus"}


def test_a_sample_of_renders_reproduces_recorded_hashes(renderer, entries):
    chosen = random.Random(7).sample(entries, 3)
    results = renderer.render_many([e.source_text(POOL_DIR) for e in chosen], seed=0)
    for e, r in zip(chosen, results, strict=True):
        assert sha256_bytes(r.png) == e.png_sha256, e.id


def test_dataset_has_images_and_tiers():
    from critique_paint.pool.dataset import load_pool_dataset

    ds = load_pool_dataset(POOL_DIR)
    assert len(ds) >= 120 and set(ds.column_names) >= {"image", "source", "tier", "subject"}
    assert ds[0]["image"].size == (600, 600)
    assert "rejected" not in {ds.features["tier"].int2str(t) for t in ds["tier"]}


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, input=stdin, timeout=600)


def test_sample_cli_prints_json():
    proc = run_cli("pool", "sample", "--n", "4", "--seed", "5")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert Counter(r["tier"] for r in rows) == {"love": 2, "okay": 2}
    assert json.loads(run_cli("pool", "sample", "--n", "4", "--seed", "5").stdout) == rows


def test_add_rate_verify_and_tamper_in_a_fresh_pool(tmp_path, bloom_source):
    pool = tmp_path / "pool"
    sketch = tmp_path / "peony-01.js"
    sketch.write_text(bloom_source)
    assert run_cli("pool", "--pool", str(pool), "add", str(sketch), "--subject", "a peony").returncode == 0
    # quit straight away: nothing rated, the candidate stays (resumable)
    proc = run_cli("pool", "--pool", str(pool), "rate", "--no-open", stdin="q\n")
    assert "1 candidate(s) left" in proc.stdout
    proc = run_cli("pool", "--pool", str(pool), "rate", "--no-open", stdin="x\nl\n")
    assert proc.returncode == 0 and "-> love" in proc.stdout
    [entry] = load_manifest(pool)
    assert entry.tier == "love" and (pool / entry.render).is_file()
    assert run_cli("pool", "--pool", str(pool), "verify").returncode == 0
    (pool / entry.source).write_text(bloom_source.replace("#e8a07a", "#a0e87a"))
    proc = run_cli("pool", "--pool", str(pool), "verify")
    assert proc.returncode == 1
    assert "source sha256 drift" in proc.stderr and "render differs" in proc.stderr


def test_verify_names_a_missing_manifest(tmp_path):
    proc = run_cli("pool", "--pool", str(tmp_path), "verify")
    assert proc.returncode == 2 and "no pool manifest" in proc.stderr and "Traceback" not in proc.stderr


def test_add_refuses_a_revision_without_its_critique(tmp_path, bloom_source):
    sketch = tmp_path / "x.js"
    sketch.write_text(bloom_source)
    proc = run_cli("pool", "--pool", str(tmp_path), "add", str(sketch), "--subject", "s", "--parent", "nope")
    assert proc.returncode == 2 and "not in the pool" in proc.stderr


