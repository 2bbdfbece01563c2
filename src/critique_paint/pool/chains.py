"""Revision chains of the pool and the rule for which revision steps improve."""

from __future__ import annotations

from critique_paint.pool.manifest import PoolEntry

TIER_RANK = {"rejected": 0, "okay": 1, "love": 2}


def step_improves(parent_tier: str, child_tier: str, preferred: str | None) -> bool:
    """A revision improves when the blind side-by-side choice preferred the child ("child") over its parent
    and the child's tier is not lower than the parent's."""
    return preferred == "child" and TIER_RANK[child_tier] >= TIER_RANK[parent_tier]


def all_chains(entries: list[PoolEntry], follow=lambda e: True) -> list[list[PoolEntry]]:
    """Root-to-leaf chains (draft, revision, second revision ...) of at least two paintings.

    A child for which `follow` is false is not appended to its parent's chain: it starts a chain of its own.
    """
    by_id = {e.id: e for e in entries}
    children: dict[str, list[PoolEntry]] = {}
    roots = []
    for e in sorted(entries, key=lambda e: e.id):
        if e.parent_id in by_id and follow(e):
            children.setdefault(e.parent_id, []).append(e)
        else:
            roots.append(e)
    chains = []

    def walk(chain: list[PoolEntry]) -> None:
        kids = children.get(chain[-1].id, [])
        if not kids:
            if len(chain) > 1:
                chains.append(chain)
            return
        for kid in kids:
            walk([*chain, kid])

    for root in roots:
        walk([root])
    return chains


def improving_chains(entries: list[PoolEntry]) -> list[list[PoolEntry]]:
    """Chains that follow only improving steps (`PoolEntry.improves`): a step that does not improve cuts the
    chain there, and its child starts a new chain."""
    return all_chains(entries, follow=lambda e: e.improves is True)
