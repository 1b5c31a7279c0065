"""The committed TypedDict module is what the generator makes from the server's document."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]


def load_generator() -> Any:
    spec = importlib.util.spec_from_file_location(
        "generate_types", PACKAGE / "scripts" / "generate_types.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_types_module_matches_the_servers_openapi_document(openapi: dict[str, Any]) -> None:
    committed = (PACKAGE / "src" / "evid_client" / "types.py").read_text(encoding="utf-8")
    generated = load_generator().generate(openapi)
    assert generated == committed, (
        "clients/python/src/evid_client/types.py is out of date with the server's OpenAPI "
        "document: run `npm run build && /usr/bin/python3 clients/python/scripts/generate_types.py`"
    )


def test_every_operation_has_its_types(openapi: dict[str, Any]) -> None:
    from evid_client import types

    assert types.TraceIngestionRequest.__required_keys__ >= {"session_id", "agent", "events"}
    assert "status" in types.PatchFindingsIdBody.__required_keys__
    assert "comment" in types.PatchFindingsIdBody.__optional_keys__
    for name in ("GetTracesQuery", "PostTracesResponse", "GetFindingsResponse", "Error"):
        assert hasattr(types, name)
