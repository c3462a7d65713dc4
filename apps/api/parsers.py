"""The API's request body parser: JSON with its nesting bounded before parsing."""

from __future__ import annotations

import io

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from apps.core.jsontext import MAX_DEPTH, nesting_within


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, refusing (400 ``parse_error``, as JSON) a body nested deeper than
    :data:`~apps.core.jsontext.MAX_DEPTH`: ``json.loads`` would raise ``RecursionError`` (a 500)
    on 50,000 ``[``. Bodies are small (``DATA_UPLOAD_MAX_MEMORY_SIZE``), so reading first is cheap."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read() if stream is not None else b""
        if not nesting_within(raw):
            raise ParseError(f"JSON nested deeper than {MAX_DEPTH}")
        return super().parse(io.BytesIO(raw), media_type, parser_context)
