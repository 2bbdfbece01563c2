"""Errors a user can cause, each carrying one clear line saying what to do."""


class CritiquePaintError(Exception):
    """Base class for errors reported to the user as a single line."""


class SetupError(CritiquePaintError):
    """A missing dependency (Chromium, JavaScript assets, ...)."""


class ConfigError(CritiquePaintError):
    """A malformed or inconsistent configuration."""


class InfrastructureError(CritiquePaintError):
    """A renderer, judge or scorer failed for reasons unrelated to the painting."""


class UsageError(CritiquePaintError):
    """Bad command-line input (exit 2)."""
