"""What a person watching a training run sees."""

from __future__ import annotations


def progress_callbacks() -> list:
    """A rich progress display in place of tqdm's."""
    from trl.trainer.callbacks import RichProgressCallback

    return [RichProgressCallback()]
