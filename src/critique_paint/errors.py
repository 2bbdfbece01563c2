"""Errors a user can cause, each carrying one clear line saying what to do; and the renderer's internal signals."""


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


class ProtocolError(CritiquePaintError):
    """An episode request the protocol refuses (a bad reset field, a step before reset, ...), with a stable code.

    Its text starts with the code (`NO_EPISODE: ...`): an OpenEnv server sends exactly this text in its error
    frame, where `env.client.PaintEnvClient` reads the code back.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class RendererCrashed(Exception):
    """The page's renderer process died (out of memory, killed, ...)."""


class SketchTimeout(Exception):
    """The sketch ran past its deadline."""


class MemoryBudgetExceeded(Exception):
    """The page's renderer grew past the memory budget while a sketch ran."""


class CpuBudgetExceeded(Exception):
    """The page's processes spent more CPU time than a render may while a sketch ran."""
