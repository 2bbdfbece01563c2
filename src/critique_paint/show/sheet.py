"""Contact sheets: a grid of paintings with captions, as one PNG."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont


def contact_sheet(
    images: Sequence[bytes | Path | Image.Image | None],
    captions: Sequence[str],
    *,
    thumb: int = 240,
    columns: int | None = None,
    title: str | None = None,
    empty: Sequence[str] | None = None,
) -> Image.Image:
    """Lay paintings out in a grid; a missing image (None) is a grey cell saying `empty[i]` (default "rejected")."""
    n = max(1, len(images))
    cols = columns or min(n, max(1, math.ceil(math.sqrt(n * 1.5))))
    rows = math.ceil(n / cols)
    caption_h, pad = 30, 8
    top = 36 if title else 0
    sheet = Image.new("RGB", (cols * (thumb + pad) + pad, top + rows * (thumb + caption_h + pad) + pad), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default(size=13)
    if title:
        draw.text((pad, 10), title, fill=(30, 30, 30), font=ImageFont.load_default(size=18))
    for i, (img, cap) in enumerate(zip(images, captions, strict=False)):
        x = pad + (i % cols) * (thumb + pad)
        y = top + pad + (i // cols) * (thumb + caption_h + pad)
        tile = _open(img)
        if tile is None:
            draw.rectangle([x, y, x + thumb, y + thumb], fill=(225, 225, 225))
            note = empty[i] if empty is not None and i < len(empty) else "rejected"
            draw.text((x + 8, y + thumb // 2), _fit(note, thumb - 16, font, draw), fill=(150, 40, 40), font=font)
        else:
            sheet.paste(tile.convert("RGB").resize((thumb, thumb), Image.Resampling.LANCZOS), (x, y))
        draw.text((x, y + thumb + 6), _fit(cap, thumb, font, draw), fill=(40, 40, 40), font=font)
    return sheet


def _open(img: bytes | Path | Image.Image | None) -> Image.Image | None:
    if img is None:
        return None
    if isinstance(img, Image.Image):
        return img
    if isinstance(img, bytes):
        return Image.open(io.BytesIO(img))
    return Image.open(img)


def _fit(text: str, width: int, font: ImageFont.ImageFont | ImageFont.FreeTypeFont, draw: ImageDraw.ImageDraw) -> str:
    while text and draw.textlength(text, font=font) > width:
        text = text[:-2] + "…" if len(text) > 2 else ""
    return text
