"""The one hardened reader for every file and JSON text that comes from outside.

Saves, the autosave, settings and command-line values all enter through here:

- `read_regular(path, limit)`: the bytes of a regular file, never more than
  `limit`. A FIFO, a device (or a symlink to one), a socket or a directory is
  refused before a byte is read, so nothing can block or read forever.
- `loads(text)`: JSON with a nesting depth limit (checked before parsing, so
  no `RecursionError`), a length limit on every number literal (no
  `ValueError` from Python's int-string limit, no huge ints to echo), and no
  `NaN` or `Infinity`.
- `clip(value)`: any value as a short readable text for a message.

Every refusal is a `SaveError` with a stable code and short parameters
(`missing`, `unreadable`, `not_a_file`, `too_large`, `not_text`, `not_json`,
`too_deep`, `number_too_long`, `not_a_number`); callers that read other files
than saves (settings) catch it and recover. Pure: no pygame, no client.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from itertools import accumulate
from operator import sub
from pathlib import Path
from typing import Any

from rules.core.errors import SaveError

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted (a save needs about 8)."""
MAX_NUMBER_CHARS = 32
"""Longest number literal accepted (a seed has at most 20 digits)."""
CLIP = 60
"""Longest echo of an outside value in any message."""

_ESCAPE = re.compile(rb"\\.", re.S)  # escapes first: then a string is quote, no quote, quote
_STRING = re.compile(rb'"[^"]*"')  # (linear even on hostile text: no backtracking)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_DEPTH_STEP = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")  # 2 opens, 0 closes; minus 1 each


def clip(value: Any, limit: int = CLIP) -> str:
    """A value as at most `limit` characters: strings as they are, others by repr."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a very long number"  # repr itself would refuse past 4,300 digits
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            return "an unprintable value"
    text = text.replace("\x00", "\\0")
    return text if len(text) <= limit else text[: limit - 1] + "…"


_LONG_WORD = re.compile(rf"\S{{{CLIP + 1},}}")


def clip_words(message: str, limit: int = 300) -> str:
    """A message with every overlong word cut (argparse echoes what it refuses)."""
    message = _LONG_WORD.sub(lambda m: m[0][: CLIP - 1] + "…", message.replace("\x00", "\\0"))
    return message if len(message) <= limit else message[: limit - 1] + "…"


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; SaveError otherwise.

    The file is opened without blocking (a FIFO would wait for a writer) and
    checked with `fstat` on the open descriptor, so a name swapped between a
    check and the read cannot slip a device in.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(Path(path), flags)
    except FileNotFoundError:
        raise SaveError("missing") from None
    except OSError as exc:
        if exc.errno in (errno.EISDIR, errno.ENXIO):
            raise SaveError("not_a_file") from None
        raise SaveError("unreadable", reason=_reason(exc)) from None
    except ValueError:  # a NUL in the name
        raise SaveError("unreadable", reason="not a valid file name") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError("not_a_file")
        if info.st_size > limit:
            raise SaveError("too_large", size=info.st_size, limit=limit)
        chunks = []
        total = 0
        while total <= limit:  # the file may grow after fstat: never read past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise SaveError("too_large", size=total, limit=limit)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError("unreadable", reason=_reason(exc)) from None
    finally:
        os.close(fd)


def _reason(exc: OSError) -> str:
    return clip(exc.strerror or type(exc).__name__)


def depth(data: bytes) -> int:
    """How deeply the arrays and objects of a JSON text nest (strings skipped)."""
    brackets = _NOT_BRACKET.sub(b"", _STRING.sub(b"", _ESCAPE.sub(b"", data)))
    if not brackets:
        return 0
    steps = brackets.translate(_DEPTH_STEP)
    deepest: int = max(map(sub, accumulate(steps), range(1, len(steps) + 1)))
    return deepest


def _number(kind: type) -> Any:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise _Refused("number_too_long", length=len(text), limit=MAX_NUMBER_CHARS)
        value = kind(text)
        if kind is float and not math.isfinite(value):  # 1e999 reads as infinity
            raise _Refused("not_a_number", value=clip(text))
        return value

    return parse


def _constant(name: str) -> Any:
    raise _Refused("not_a_number", value=name)


class _Refused(Exception):
    """Raised inside the JSON hooks; turned into a SaveError outside the parser."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def loads(
    text: str | bytes, max_depth: int = MAX_DEPTH, max_bytes: int | None = None
) -> Any:
    """Parse JSON from outside; SaveError on anything a hostile file could hold.

    Bytes must be UTF-8 (a BOM is tolerated). Text is encoded first so that
    the depth check and the size limit count bytes either way.
    """
    if isinstance(text, str):
        data = text.encode("utf-8", "surrogatepass")
    else:
        data = text
    if max_bytes is not None and len(data) > max_bytes:
        raise SaveError("too_large", size=len(data), limit=max_bytes)
    try:
        decoded = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError("not_text", position=exc.start) from None
    if depth(data) > max_depth:
        raise SaveError("too_deep", limit=max_depth)
    try:
        return json.loads(
            decoded,
            parse_int=_number(int),
            parse_float=_number(float),
            parse_constant=_constant,
        )
    except _Refused as exc:
        raise SaveError(exc.code, **exc.params) from None
    except json.JSONDecodeError as exc:
        raise SaveError("not_json", line=exc.lineno, column=exc.colno) from None
    except (ValueError, RecursionError):  # the depth check makes these unreachable; be sure
        raise SaveError("not_json", line=0, column=0) from None


def read_json(
    path: str | os.PathLike[str], limit: int, max_depth: int = MAX_DEPTH
) -> Any:
    """`read_regular` then `loads`: a JSON file from disk, or a SaveError."""
    return loads(read_regular(path, limit), max_depth)
