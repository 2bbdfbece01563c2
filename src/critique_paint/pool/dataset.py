"""The pool as a Hugging Face `datasets.Dataset`, and (explicitly) on the Hub."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from critique_paint.pool.manifest import load_manifest


def load_pool_dataset(pool_dir: Path, include_rejected: bool = False) -> Any:
    """Columns: id, image (PIL via datasets.Image), source, tier, subject, parent_id, critique, paint_fraction."""
    import datasets

    rows: dict[str, list] = {k: [] for k in ("id", "image", "source", "tier", "subject", "parent_id",
                                             "critique", "paint_fraction")}
    for e in load_manifest(pool_dir):
        if e.tier == "rejected" and not include_rejected:
            continue
        rows["id"].append(e.id)
        rows["image"].append(str(Path(pool_dir) / e.render))
        rows["source"].append(e.source_text(Path(pool_dir)))
        rows["tier"].append(e.tier)
        rows["subject"].append(e.subject)
        rows["parent_id"].append(e.parent_id)
        rows["critique"].append(e.critique)
        rows["paint_fraction"].append(e.paint_fraction)
    features = datasets.Features({
        "id": datasets.Value("string"), "image": datasets.Image(), "source": datasets.Value("string"),
        "tier": datasets.ClassLabel(names=["love", "okay", "rejected"]), "subject": datasets.Value("string"),
        "parent_id": datasets.Value("string"), "critique": datasets.Value("string"),
        "paint_fraction": datasets.Value("float32"),
    })
    return datasets.Dataset.from_dict(rows, features=features)


def push_pool(pool_dir: Path, repo_id: str, private: bool = True, include_rejected: bool = True) -> str:
    """Upload the pool to the Hub (needs network and a token: `huggingface-cli login` or HF_TOKEN)."""
    ds = load_pool_dataset(pool_dir, include_rejected=include_rejected)
    ds.push_to_hub(repo_id, private=private)
    return f"https://huggingface.co/datasets/{repo_id}"
