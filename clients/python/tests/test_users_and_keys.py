"""Dashboard users and API keys through the client, against a real server: created, listed,
changed and removed; bad input refused with the field named and nothing stored."""

from __future__ import annotations

import json
import uuid

import pytest

from evid_client import (
    AuthenticationError,
    BadRequestError,
    Client,
    ConflictError,
    NotFoundError,
    PermissionDeniedError,
)
from evid_client.types import GetUsersResponse
from support import ADMIN_KEY, Server, trace_body

PASSWORD = "correct horse battery staple"


def emails(answer: GetUsersResponse) -> list[str]:
    return [u["email"] for u in answer["users"]]


def test_a_user_is_created_changed_and_removed(server: Server) -> None:
    email = f"Py-{uuid.uuid4().hex[:8]}@Example.org"
    login = email.lower()
    with Client(server.url, ADMIN_KEY) as client:
        created = client.users.create(email=email, role="viewer", password=PASSWORD)
        assert created["email"] == login  # the login name is lower-cased
        assert created["role"] == "viewer"
        assert created["user_id"].startswith("usr_")
        assert PASSWORD not in json.dumps(created)
        assert login in emails(client.users.list())

        assert client.users.set_role(login, "analyst")["role"] == "analyst"
        again = client.users.reset_password(created["user_id"], "another long passphrase")
        assert again["user_id"] == created["user_id"]

        removed = client.users.remove(login)
        assert removed["removed_at"]
        assert login not in emails(client.users.list())
        assert login in emails(client.users.list(all=True))
        with pytest.raises(NotFoundError):
            client.users.set_role(login, "admin")


def test_bad_user_input_names_the_field_and_stores_nothing(server: Server) -> None:
    email = f"py-{uuid.uuid4().hex[:8]}@example.org"
    with Client(server.url, ADMIN_KEY) as client:
        with pytest.raises(BadRequestError) as bad_role:
            client.users.create(
                email=email, role="boss", password=PASSWORD  # type: ignore[arg-type]
            )
        assert bad_role.value.status == 400
        assert bad_role.value.type == "validation"
        assert "role" in (bad_role.value.details or "")
        with pytest.raises(BadRequestError) as short:
            client.users.create(email=email, role="viewer", password="short")
        assert "password" in (short.value.details or "")
        assert email not in emails(client.users.list(all=True))

        client.users.create(email=email, role="viewer", password=PASSWORD)
        with pytest.raises(ConflictError) as twice:
            client.users.create(email=email, role="admin", password=PASSWORD)
        assert twice.value.status == 409
        with pytest.raises(ConflictError):
            client.users.set_role(email, "viewer")  # already has it
        with pytest.raises(NotFoundError) as missing:
            client.users.remove("nobody@example.org")
        assert missing.value.request_id


def test_only_an_admin_manages_users_and_keys(server: Server) -> None:
    with Client(server.url, server.key("analyst")) as analyst:
        with pytest.raises(PermissionDeniedError) as users:
            analyst.users.list()
        with pytest.raises(PermissionDeniedError) as keys:
            analyst.keys.create(name="py-escalate", role="admin")
    assert users.value.status == keys.value.status == 403


def test_a_key_is_created_used_and_revoked(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        created = client.keys.create(name="py-ingest-bot", role="ingest")
        assert created["role"] == "ingest"
        assert created["key"].startswith("evk_") and created["secret"]
        listed = client.keys.list()
        assert created["key_id"] in [k["key_id"] for k in listed["keys"]]
        assert created["secret"] not in json.dumps(listed)  # shown once, at creation

        with Client(server.url, created["key"]) as bot:
            assert bot.traces.create(trace_body("py-key-bot"))["status"] == "accepted"
            with pytest.raises(PermissionDeniedError):
                bot.traces.list()  # an ingest key records, it does not read

            revoked = client.keys.revoke(created["key_id"])
            assert revoked["revoked_at"]
            with pytest.raises(AuthenticationError) as refused:
                bot.traces.create(trace_body("py-key-bot"))
            assert refused.value.status == 401

        assert created["key_id"] not in [k["key_id"] for k in client.keys.list()["keys"]]
        assert created["key_id"] in [k["key_id"] for k in client.keys.list(all=True)["keys"]]


def test_a_key_with_a_bad_role_is_refused(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        before = [k["key_id"] for k in client.keys.list(all=True)["keys"]]
        with pytest.raises(BadRequestError) as caught:
            client.keys.create(name="py-bad-role", role="root")  # type: ignore[arg-type]
        assert "role" in (caught.value.details or "")
        assert [k["key_id"] for k in client.keys.list(all=True)["keys"]] == before
        with pytest.raises(NotFoundError):
            client.keys.revoke("ak_does_not_exist")


def test_a_repeated_create_with_one_idempotency_key_adds_one_user(server: Server) -> None:
    email = f"py-{uuid.uuid4().hex[:8]}@example.org"
    key = str(uuid.uuid4())
    with Client(server.url, ADMIN_KEY) as client:
        first = client.users.create(
            email=email, role="viewer", password=PASSWORD, idempotency_key=key
        )
        again = client.users.create(
            email=email, role="viewer", password=PASSWORD, idempotency_key=key
        )
        assert again["user_id"] == first["user_id"]  # the first answer, not a ConflictError
        assert emails(client.users.list()).count(email) == 1
