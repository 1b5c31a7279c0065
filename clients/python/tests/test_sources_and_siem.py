"""Sources and SIEM targets through the client, against a real server: the credential shown
once, listings without secrets, a dry-run test, removal, and refusals naming the field."""

from __future__ import annotations

import json
import uuid

import pytest

from evid_client import BadRequestError, Client, ConflictError, NotFoundError
from support import ADMIN_KEY, Server


def test_a_webhook_source_is_created_tested_and_removed(server: Server) -> None:
    name = f"py-hooks-{uuid.uuid4().hex[:8]}"
    with Client(server.url, ADMIN_KEY) as client:
        created = client.sources.create(type="webhook", name=name, endpoint="py test")
        source = created["source"]
        credential = created["credential"]
        assert credential is not None  # null only for a log file source
        secret = credential["value"]
        assert credential["kind"] == "webhook_secret" and secret
        url = created["connect"]["url"]
        assert url is not None and url.endswith(f"/api/v1/sources/{source['source_id']}/events")

        listed = client.sources.list()
        assert source["source_id"] in [s["source_id"] for s in listed["sources"]]
        assert listed["total"] == len(listed["sources"])
        assert secret not in json.dumps(listed)  # shown once, at creation
        got = client.sources.get(source["source_id"])
        assert got["name"] == name and got["status"] == "never"

        # The server signs a sample with the source's secret and sends it to its own receiver.
        tested = client.sources.test(source["source_id"])
        assert tested["ok"] is True, tested

        with pytest.raises(ConflictError) as taken:
            client.sources.create(type="webhook", name=name)
        assert taken.value.status == 409

        removed = client.sources.remove(source["source_id"])
        assert removed["source_id"] == source["source_id"] and removed["removed_at"]
        with pytest.raises(NotFoundError):
            client.sources.get(source["source_id"])


def test_an_otel_source_token_passes_its_test(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        created = client.sources.create(type="otel", name=f"py-otel-{uuid.uuid4().hex[:8]}")
        credential = created["credential"]
        assert credential is not None
        token = credential["value"]
        assert credential["kind"] == "token" and token.startswith("evk_")
        source_id = created["source"]["source_id"]
        assert client.sources.test(source_id, token=token)["ok"] is True
        wrong = client.sources.test(source_id, token="evk_not_a_real_token")
        assert wrong["ok"] is False
        client.sources.remove(source_id, purge=True)


def test_a_bad_source_is_refused_and_nothing_is_stored(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        before = client.sources.list()["total"]
        with pytest.raises(BadRequestError) as caught:
            client.sources.create(type="ftp", name="py-ftp")  # type: ignore[arg-type]
        assert caught.value.type == "validation"
        assert "type" in (caught.value.details or "")
        assert client.sources.list()["total"] == before
        with pytest.raises(NotFoundError):
            client.sources.remove("src_does_not_exist")


def test_siem_targets_are_added_listed_tested_and_removed(server: Server) -> None:
    token = f"hec-{uuid.uuid4()}"
    with Client(server.url, ADMIN_KEY) as client:
        # Port 1 on loopback: nothing listens, so the test event is refused.
        splunk = client.siem.targets.create(
            {"kind": "splunk", "endpoint": "http://127.0.0.1:1", "token": token}
        )
        try:
            assert splunk["kind"] == "splunk" and splunk["secret"] == "****"
            assert token not in json.dumps(splunk)
            listed = client.siem.targets.list()
            mine = [t for t in listed["targets"] if t["target_id"] == splunk["target_id"]]
            assert len(mine) == 1 and mine[0]["state"] in {"idle", "sending", "error"}
            assert token not in json.dumps(listed)

            tested = client.siem.targets.test(splunk["target_id"])
            assert tested["ok"] is False
            assert "127.0.0.1:1" in json.dumps(tested["answer"])
        finally:
            removed = client.siem.targets.remove(splunk["target_id"])
        assert removed["target_id"] == splunk["target_id"] and removed["removed_at"]
        ids = [t["target_id"] for t in client.siem.targets.list()["targets"]]
        assert splunk["target_id"] not in ids
        with pytest.raises(NotFoundError):
            client.siem.targets.remove(splunk["target_id"])


def test_a_siem_field_of_another_kind_is_refused(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        before = [t["target_id"] for t in client.siem.targets.list()["targets"]]
        with pytest.raises(BadRequestError) as caught:
            client.siem.targets.create({"kind": "syslog", "endpoint": "127.0.0.1", "token": "x"})
        assert caught.value.status == 400
        assert "token" in (caught.value.details or "")
        assert [t["target_id"] for t in client.siem.targets.list()["targets"]] == before
