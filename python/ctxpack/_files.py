"""read_context_files: the disk side of preload_files, as the Node reader is (src/node/files.cjs).

The core's path rules come first (check_paths: lexical, no disk), then the file system's, and
what was read or refused goes to preload_files, which writes one record per path. The core
stays free of I/O; this module is the only one that opens files, with the Node reader's
rules: each path resolved (symlinks followed) and refused when it leaves the base, where it
leads judged by the secret-name rules before anything is opened, the file opened without
following a last symlink and without waiting on a FIFO, what was opened checked again
(``fstat``, ``/proc/self/fd``), and never more than ``maxBytes`` + 1 bytes read.
"""

from __future__ import annotations

import codecs
import math
import os
import stat
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Union, cast

from . import _ctxpack
from ._error import CtxpackError

if TYPE_CHECKING:
    from .types import CallOptions, FileRef, PreloadResult

#: A file larger than this is refused from its size, before it is opened (1 MiB).
DEFAULT_MAX_BYTES = 1 << 20
# With an explicit budget the default grows to what the budget could hold: a UTF-16 unit is at
# most 3 UTF-8 bytes, and 16 bytes a token leaves room over o200k's ~4 on code and prose.
_BYTES_PER_CHAR = 3
_BYTES_PER_TOKEN = 16
_HEAD_CHUNK = 64 * 1024
# O_NOFOLLOW: the last component may not have become a symlink since it was checked.
# O_NONBLOCK: a FIFO swapped in since lstat must not block the open.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def _loads(text: str) -> Any:
    import json

    return json.loads(text)


def read_context_files(
    base_dir: Union[str, "os.PathLike[str]"],
    paths: Sequence[Union[str, FileRef]],
    options: Optional[Mapping[str, Any]] = None,
    call_options: Optional[CallOptions] = None,
) -> PreloadResult:
    """Reads the files ``paths`` name under ``base_dir`` and preloads them: the result of
    :func:`ctxpack.preload_files`, one record per path. ``options`` are preload_files' input
    fields but ``references`` and ``contents``, plus ``maxBytes``."""
    opts: Any = {} if options is None else options
    if isinstance(base_dir, os.PathLike):
        base_dir = os.fspath(base_dir)
    if not isinstance(opts, Mapping):
        raise CtxpackError(
            f"invalid type: expected an options object, got {_kind(opts)}", "INVALID_INPUT", ""
        )
    if not isinstance(paths, (list, tuple)):
        raise CtxpackError(
            f"invalid type: expected an array of paths, got {_kind(paths)}",
            "INVALID_INPUT",
            "/references",
        )
    references = [{"path": p} if isinstance(p, str) else p for p in paths]
    max_bytes = opts.get("maxBytes")
    if max_bytes is None:
        max_bytes = _default_max_bytes(opts)
    # Absolute paths are taken under the base as given (resolved, not followed through
    # symlinks): the core strips it lexically and the disk's rules below still apply.
    lexical_base = (
        _posix_base(os.path.abspath(base_dir))
        if isinstance(base_dir, str) and base_dir != ""
        else None
    )
    preload_input: dict[str, Any] = {
        **opts,
        "references": references,
        "contents": [],
        "maxBytes": max_bytes,
    }
    if lexical_base is not None:
        preload_input["base"] = lexical_base
    # The whole input is read by the core before the disk is touched (no contents: cheap): a
    # bad option or reference fails the call with the core's code, message and pointer.
    _ctxpack.preload_files(preload_input, call_options)
    limits = _limits_only(call_options)
    checks = _loads(
        _ctxpack.check_paths(
            {
                "paths": [r["path"] for r in references],
                "allowSecrets": opts.get("allowSecrets"),
                "base": preload_input.get("base"),
            },
            limits,
        )
    )["paths"]

    if not isinstance(base_dir, str) or base_dir == "":
        raise CtxpackError(
            f"baseDir must be a directory's path, got {_kind(base_dir)}", "INVALID_INPUT", ""
        )
    try:
        base = os.path.realpath(base_dir, strict=True)
        if not os.path.isdir(base):
            raise NotADirectoryError("not a directory")
    except OSError as e:
        why = e.__class__.__name__ if e.errno is None else os.strerror(e.errno)
        raise CtxpackError(
            f"baseDir {_quote(base_dir)} is not a directory that can be read ({why})",
            "INVALID_INPUT",
            "",
        ) from None

    resolved = [
        _resolve(base, c["normalized"])
        for c in checks
        if c["status"] == "read" and c["normalized"] is not None
    ]
    # Where each path leads is judged by the core's name rules before anything is opened (one
    # call for all): a link to `.env` is refused as `.env` is, and never read.
    leads = [r for r in resolved if r is not None and "realPath" in r]
    targets = (
        []
        if opts.get("allowSecrets") is True
        else _loads(_ctxpack.check_paths({"paths": [r["realPath"] for r in leads]}, limits))[
            "paths"
        ]
    )

    def secret_at(i: int) -> bool:
        t = targets[i] if i < len(targets) else None
        if t is None:
            return False
        if t.get("reasonCode") == "secret":
            return True
        return t.get("duplicateOf") is not None and secret_at(t["duplicateOf"])

    secret = {id(r) for i, r in enumerate(leads) if secret_at(i)}
    contents = preload_input["contents"]
    for r in resolved:
        # A path that cannot be resolved or opened (gone, no permission) gets no content: the
        # core records it as missing.
        if r is None or "real" not in r:
            entry = r
        elif id(r) in secret:
            entry = {"path": r["path"], "realPath": r["realPath"]}
        else:
            entry = _read_resolved(r, max_bytes)
        if entry is not None:
            contents.append(entry)
    return cast("PreloadResult", _loads(_ctxpack.preload_files(preload_input, call_options)))


def _default_max_bytes(opts: Mapping[str, Any]) -> float:
    def given(v: Any) -> bool:
        return (
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
        )

    if not given(opts.get("maxTokens")) and not given(opts.get("maxChars")):
        return DEFAULT_MAX_BYTES
    by_chars = opts["maxChars"] * _BYTES_PER_CHAR if given(opts.get("maxChars")) else math.inf
    by_tokens = opts["maxTokens"] * _BYTES_PER_TOKEN if given(opts.get("maxTokens")) else math.inf
    return max(DEFAULT_MAX_BYTES, min(by_chars, by_tokens))


def _posix_base(resolved: str) -> str | None:
    return resolved if resolved.startswith("/") else None


def _limits_only(call_options: Any) -> Any:
    """check_paths takes no counter: only the limits go on."""
    if isinstance(call_options, dict) and "tokenCounter" in call_options:
        return {k: v for k, v in call_options.items() if k != "tokenCounter"}
    return call_options


def _resolve(base: str, path: str) -> dict[str, Any] | None:
    """Where one normalised path leads: ``{path, real, realPath}``, a refusal, or None."""
    try:
        # Symlinks followed, `..` resolved after them: where a read would really land.
        real = os.path.realpath(os.path.join(base, *path.split("/")), strict=True)
    except (OSError, ValueError):
        return None
    if not _inside(base, real):
        return {"path": path, "kind": "outside"}
    if real == base:
        return {"path": path, "kind": "directory"}
    # Relative to the real base: the core applies its secret-name rules to it as to `path`.
    rel = os.path.relpath(real, base).replace(os.sep, "/")
    return {"path": path, "real": real, "realPath": rel}


def _read_resolved(resolved: dict[str, Any], max_bytes: float) -> dict[str, Any] | None:
    entry = _read_real(resolved["path"], resolved["real"], max_bytes)
    return None if entry is None else {**entry, "realPath": resolved["realPath"]}


def _read_real(path: str, real: str, max_bytes: float) -> dict[str, Any] | None:
    try:
        # The real path has no symlink left in it; lstat so that one swapped in is not followed.
        st = os.lstat(real)
    except OSError:
        return None
    refused = _judge(path, st, max_bytes)
    if refused is not None:
        return refused
    try:
        fd = os.open(real, _OPEN_FLAGS)
    except OSError as e:
        # ELOOP: the last component became a symlink after lstat.
        return {"path": path, "kind": "outside"} if e.errno == getattr(os, "ELOOP", 40) else None
    try:
        # The file may have changed between lstat and open: judge what was opened.
        opened = os.fstat(fd)
        if opened.st_dev != st.st_dev or opened.st_ino != st.st_ino:
            again = _judge(path, opened, max_bytes)
            if again is not None:
                return again
        if not stat.S_ISREG(opened.st_mode):
            return {"path": path, "kind": "other"}
        # Where the open file really is (Linux): a directory on the way swapped for a symlink
        # shows here, outside the base or elsewhere inside it than the path that was judged.
        where = _opened_path(fd)
        if where is not None and where != real:
            return {"path": path, "kind": "outside"}
        return _read_bounded(fd, path, opened.st_size, max_bytes)
    except OSError:
        return None
    finally:
        os.close(fd)


def _judge(path: str, st: os.stat_result, max_bytes: float) -> dict[str, Any] | None:
    """A refusal from a stat, or None when it is a regular file within the byte limit."""
    if stat.S_ISDIR(st.st_mode):
        return {"path": path, "kind": "directory"}
    # FIFOs, sockets, devices, and a symlink that appeared since the real path was resolved.
    if not stat.S_ISREG(st.st_mode):
        kind = "outside" if stat.S_ISLNK(st.st_mode) else "other"
        return {"path": path, "kind": kind}
    if st.st_size > max_bytes:
        return {"path": path, "size": st.st_size}
    return None


def _read_bounded(fd: int, path: str, size: int, max_bytes: float) -> dict[str, Any]:
    """The content, at most maxBytes + 1 bytes read: a file that grew past the limit is refused."""
    limit = int(min(max_bytes, 1 << 62)) + 1
    chunks: list[bytes] = []
    n = 0
    while n < limit:
        got = os.read(fd, min(limit - n, max(size, 1 << 16)))
        if not got:
            break
        chunks.append(got)
        n += len(got)
    if n > max_bytes:
        return {"path": path, "size": max(n, size)}
    data = b"".join(chunks)
    try:
        return {"path": path, "content": data.decode("utf-8")}
    except UnicodeDecodeError:
        # Not UTF-8: the bytes cross as they are and the core judges them (binary). Only the
        # head up to the first invalid sequence crosses, with the file's size.
        return {"path": path, "content": _invalid_head(data), "size": n}


def _invalid_head(data: bytes) -> bytes:
    """The shortest run of whole chunks from the start that is itself invalid UTF-8."""
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    for at in range(0, len(data), _HEAD_CHUNK):
        end = min(at + _HEAD_CHUNK, len(data))
        try:
            decoder.decode(data[at:end], final=end >= len(data))
        except UnicodeDecodeError:
            return data[:end]
    return data


def _opened_path(fd: int) -> str | None:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return None


def _inside(base: str, real: str) -> bool:
    if real == base:
        return True
    prefix = base if base.endswith(os.sep) else base + os.sep
    return real.startswith(prefix)


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, (list, tuple)):
        return "an array"
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    return f"a Python {type(v).__name__}"


def _quote(s: Any) -> str:
    return _ctxpack.to_json(s)
