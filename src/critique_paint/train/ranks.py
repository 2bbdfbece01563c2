"""The training processes a launcher started (torchrun, `accelerate launch`): which one this is, and the few
collectives the run's own bookkeeping needs (services checked once, rollouts archived once, files written once).

One process (no launcher) is rank 0 of 1 and every method is a plain call. With several, the methods that talk
to the other ranks need torch's process group, which the trainer's arguments create (`TrainConfig.grpo_args`);
every rank must call them at the same point, as with any collective.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from critique_paint.errors import CritiquePaintError

T = TypeVar("T")


@dataclass(frozen=True)
class Ranks:
    """This process's place among the run's: `index` of `count` ranks, `local_count` of them on this host."""

    index: int = 0
    count: int = 1
    local_count: int = 1

    @property
    def main(self) -> bool:
        """The process that checks services, prints progress and writes the run's files."""
        return self.index == 0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Ranks:
        """As the launcher set them (RANK, WORLD_SIZE, LOCAL_WORLD_SIZE); one process when none is set."""
        env = os.environ if environ is None else environ
        count = int(env.get("WORLD_SIZE") or 1)
        return cls(index=int(env.get("RANK") or 0), count=count, local_count=int(env.get("LOCAL_WORLD_SIZE") or count))

    @classmethod
    def current(cls) -> Ranks:
        """From torch's process group once it exists (what the trainer uses), else from the launcher's variables."""
        ranks = cls.from_env()
        dist = _process_group()
        if dist is None:
            return ranks
        return cls(index=dist.get_rank(), count=dist.get_world_size(), local_count=ranks.local_count)

    def _group(self) -> Any:
        if self.count == 1:
            return None
        dist = _process_group()
        if dist is None:
            raise RuntimeError(f"rank {self.index} of {self.count}: torch's process group is not initialised "
                               "(build the trainer's arguments first)")
        return dist

    def gather(self, obj: T) -> list[T] | None:
        """Every rank's `obj` in rank order on the main process; None on the others."""
        dist = self._group()
        if dist is None:
            return [obj]
        out: list[Any] | None = [None] * self.count if self.main else None
        dist.gather_object(obj, out, dst=0)
        return out

    def share(self, make: Callable[[], T]) -> T:
        """`make()` run by the main process alone; every rank returns its result, or raises its error (a
        CritiquePaintError as itself, anything else as a RuntimeError naming it) once the main has it."""
        dist = self._group()
        if dist is None:
            return make()
        outcome: list[Any] = [None]
        error: BaseException | None = None
        if self.main:
            try:
                outcome[0] = (True, make())
            except Exception as exc:  # noqa: BLE001 - handed to every rank, then raised here as it was
                error = exc
                outcome[0] = (False, _portable(exc))
        dist.broadcast_object_list(outcome, src=0)
        if error is not None:
            raise error
        ok, value = outcome[0]
        if not ok:
            raise value
        return value

    def barrier(self) -> None:
        dist = self._group()
        if dist is not None:
            dist.barrier()

    @contextmanager
    def main_first(self, enabled: bool = True) -> Iterator[None]:
        """The main process runs the block, then the others (e.g. building a cache they then read)."""
        if enabled and not self.main:
            self.barrier()
        yield
        if enabled and self.main:
            self.barrier()

    def share_of_cores(self, cores: int | None = None) -> int:
        """This rank's share of the host's cores (at least 1)."""
        return max(1, (cores or os.cpu_count() or 1) // max(1, self.local_count))


def _portable(exc: Exception) -> Exception:
    """`exc` as the other ranks can unpickle and raise it: itself for one of ours that survives pickling."""
    import pickle

    if isinstance(exc, CritiquePaintError):
        try:
            return pickle.loads(pickle.dumps(exc))
        except Exception:  # noqa: BLE001 - an error class whose arguments do not round-trip
            return CritiquePaintError(str(exc))
    return RuntimeError(f"the main process failed: {exc.__class__.__name__}: {exc}")


def _process_group() -> Any:
    """torch.distributed when a process group is up (without importing torch when nothing has)."""
    if "torch" not in sys.modules:
        return None
    import torch.distributed as dist

    return dist if dist.is_available() and dist.is_initialized() else None
