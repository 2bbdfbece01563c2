"""The curated reference pool: manifest, sampling, building and verification."""

from critique_paint.pool.manifest import REFERENCE_TIERS, TIERS, PoolEntry, load_manifest, write_manifest
from critique_paint.pool.sampler import sample_references

__all__ = ["REFERENCE_TIERS", "TIERS", "PoolEntry", "load_manifest", "sample_references", "write_manifest"]
