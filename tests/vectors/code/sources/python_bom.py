"""Module with a byte-order mark."""
__all__ = ["Public"]


class Public:
    x = 1


class _Private(Public):
    pass
