"""The committed generated code is what its generators make: the TypedDicts from the
server's OpenAPI document, the async twins from the sync classes."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]


def load_script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, PACKAGE / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_types_module_matches_the_servers_openapi_document(openapi: dict[str, Any]) -> None:
    committed = (PACKAGE / "src" / "evid_client" / "types.py").read_text(encoding="utf-8")
    generated = load_script("generate_types").generate(openapi)
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


def test_async_twins_match_the_sync_code() -> None:
    module = load_script("generate_async")
    stale = [
        str(path.relative_to(PACKAGE))
        for path, text in module.generate().items()
        if path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], f"async twins out of date: run scripts/generate_async.py ({stale})"
