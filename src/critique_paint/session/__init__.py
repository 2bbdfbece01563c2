"""Painting episodes driven by a policy: the shared turn loop, interactive sessions and their saved files."""
