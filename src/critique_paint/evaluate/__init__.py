"""Revision-gain evaluation: run episodes, aggregate per turn, write the report."""
