"""Compressed text files: recognised by their first bytes (or their names), read as the text
they hold — gzip, bzip2, xz, a zip archive of one file, and zstd (the ``zstandard`` package) —
with a bound on the bytes they unpack to (a small archive can unpack to gigabytes).

Spreadsheets are zip archives too (OOXML and OpenDocument): :func:`is_spreadsheet` tells them
apart, so that a workbook is never read as a compressed CSV file.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from phidelta.data._errors import DataError

__all__ = ["COMPRESSIONS", "compression_of", "open_text"]

#: Compressions of text files, by their first bytes and by their names' endings.
COMPRESSIONS = ("gzip", "bz2", "xz", "zip", "zstd")
MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bz2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"PK\x03\x04", "zip"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)
COMPRESSED_SUFFIXES = {
    ".gz": "gzip",
    ".gzip": "gzip",
    ".bz2": "bz2",
    ".xz": "xz",
    ".zip": "zip",
    ".zst": "zstd",
}


def is_path(source: Any) -> bool:
    """A file name (text or a path), not the bytes of a file."""
    return isinstance(source, str | Path)


def start(source: Any, size: int) -> bytes:
    """The first ``size`` bytes of a file or of bytes, as stored (compressed or not)."""
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source[:size])
    if is_path(source) and Path(source).is_file():
        with open(source, "rb") as handle:
            return handle.read(size)
    return b""


def split_suffix(label: str) -> tuple[str, str | None]:
    """``(name without a compression ending, compression by the name)``."""
    label = label.lower()
    for suffix, compression in COMPRESSED_SUFFIXES.items():
        if label.endswith(suffix):
            return label[: -len(suffix)], compression
    return label, None


def zip_members(source: Any) -> list[str]:
    data = io.BytesIO(bytes(source)) if not is_path(source) else source
    try:
        with zipfile.ZipFile(data) as archive:
            return [i.filename for i in archive.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError):
        return []


def is_spreadsheet(members: list[str]) -> bool:
    """An OOXML workbook (``[Content_Types].xml`` and ``xl/``) or an OpenDocument file."""
    return ("[Content_Types].xml" in members and any(m.startswith("xl/") for m in members)) or (
        "mimetype" in members and "content.xml" in members
    )


def compression_of(source: Any, *, name: str | None = None) -> str | None:
    """How a text file is compressed: by its first bytes, else by its name; None if not.

    Parameters
    ----------
    source : str, path or bytes
        A file name, or the bytes of a file.
    name : str, optional
        The file name of `source` bytes (an upload's name).

    Returns
    -------
    str or None
        One of :data:`COMPRESSIONS`, or None (a zip archive that is a spreadsheet is not a
        compressed text file).

    Examples
    --------
    >>> import gzip
    >>> compression_of(gzip.compress(b"y,s\\n1,0.5\\n")), compression_of(b"y,s\\n")
    ('gzip', None)
    """
    head = start(source, 6)
    found = next((kind for magic, kind in MAGIC if head.startswith(magic)), None)
    if found is None and not head:
        label = name or (str(source) if is_path(source) else "")
        found = split_suffix(label)[1]
    if found == "zip" and is_spreadsheet(zip_members(source)):
        return None
    return found


class _Capped(io.RawIOBase):
    """A stream that refuses to give more than ``limit`` bytes (a decompression bomb)."""

    def __init__(self, stream: Any, limit: int, label: str) -> None:
        self.stream, self.left, self.limit, self.label = stream, limit, limit, label

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.stream.read(min(len(buffer), self.left + 1))
        if len(data) > self.left:
            error = DataError(
                f"{self.label} unpacks to more than {self.limit:,} bytes (max_bytes)", "file"
            )
            error.limit = "max_bytes"
            raise error
        self.left -= len(data)
        buffer[: len(data)] = data
        return len(data)


@contextmanager
def open_text(source: Any, max_bytes: int | None = None, label: str = "the data") -> Iterator[Any]:
    """A binary stream of a text file's bytes, unpacked when it is compressed (to at most
    ``max_bytes`` bytes: beyond, a DataError whose ``limit`` is "max_bytes")."""
    compression = compression_of(source)
    raw = io.BytesIO(bytes(source)) if not is_path(source) else open(source, "rb")  # noqa: SIM115
    try:
        if compression is None:
            yield raw
            return
        stream = _unpacked(raw, compression, label)
        if max_bytes is not None:
            stream = io.BufferedReader(_Capped(stream, max_bytes, label))
        try:
            yield stream
        finally:
            stream.close()
    finally:
        raw.close()


def _unpacked(raw: Any, compression: str, label: str) -> Any:
    try:
        if compression == "gzip":
            return gzip.GzipFile(fileobj=raw, mode="rb")
        if compression == "bz2":
            return bz2.BZ2File(raw, mode="rb")
        if compression == "xz":
            return lzma.LZMAFile(raw, mode="rb")
        if compression == "zip":
            archive = zipfile.ZipFile(raw)
            members = [i for i in archive.infolist() if not i.is_dir()]
            if len(members) != 1:
                raise DataError(
                    f"{label} is a zip archive of {len(members)} files; it must hold one "
                    "CSV or TSV file",
                    "file",
                )
            return archive.open(members[0])
        try:
            import zstandard
        except ImportError:
            raise DataError(
                f"{label} is compressed with zstd, which needs the zstandard package (pip "
                "install zstandard), or unpack it first",
                "file",
            ) from None
        return io.BufferedReader(zstandard.ZstdDecompressor().stream_reader(raw, read_size=1 << 16))
    except DataError:
        raise
    except Exception as exc:
        raise DataError(f"cannot unpack {label} ({compression}): {exc}", "file") from None
