"""The root of fracas's errors: every error raised on purpose is a FracasError."""


class FracasError(Exception):
    """Base of every error fracas raises on purpose."""
