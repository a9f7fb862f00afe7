"""Boards read from pictures: a screenshot of a game to a :class:`~cnfsweep.core.board.Board`.

``grid`` finds the cells (pitch, offset, rows and columns), ``read`` classifies each one against the
cell pictures of known skins (``cells.npz``, made from labelled screenshots by
``python -m benchmarks picture-train``) and says how sure it is of each.  Needs the optional extra ``image``
(Pillow and numpy); without it, :func:`~cnfsweep.formats.picture.read.read_picture` raises a one-line
error saying to install it.  May import the core only.
"""

from __future__ import annotations

__all__ = ["IMAGE_MAGIC", "is_picture"]

#: The first bytes of the picture files read: PNG, JPEG, BMP.
IMAGE_MAGIC: tuple[bytes, ...] = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"BM")


def is_picture(data: bytes) -> bool:
    """Say whether a file's bytes start as a PNG, JPEG or BMP picture.

    Examples
    --------
    >>> is_picture(b"\\x89PNG\\r\\n\\x1a\\n...."), is_picture(b"1.\\n..\\n")
    (True, False)
    """
    # A BMP's two letters could start a text board ("BM" labels), so its header's size fields must agree too.
    if data.startswith(b"BM"):
        return (
            len(data) >= 26
            and int.from_bytes(data[2:6], "little") in (0, len(data))
            and data[14] in (12, 40, 52, 56, 108, 124)
        )
    return data.startswith(IMAGE_MAGIC)
