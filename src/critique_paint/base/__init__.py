"""Plumbing every layer may use: the background event loop and the terminal's streams."""
