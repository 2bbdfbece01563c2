"""Helpers shared by the test files (import them as `from helpers.x import y`)."""
