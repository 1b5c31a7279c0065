"""The ledger and report resources against a real server, and the offline proof checks."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from evid_client import AsyncClient, Client, ProofError
from evid_client.proof import parse_verifier_key, verify_note, verify_subject_proofs
from support import ADMIN_KEY, Server, trace_body

# The Go reference implementation's signed-note test vector (REFERENCE.md, section 2).
VECTOR_KEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
VECTOR_NOTE = (
    "If you think cryptography is the answer to your problem,\n"
    "then you don't know what your problem is.\n"
    "\n"
    "\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n"
)


def test_signed_note_vector() -> None:
    text = verify_note(VECTOR_NOTE, VECTOR_KEY)
    assert text.startswith("If you think cryptography")
    tampered = VECTOR_NOTE.replace("your problem,", "your problem;")
    with pytest.raises(ProofError, match="not valid"):
        verify_note(tampered, VECTOR_KEY)
    with pytest.raises(ProofError, match="id does not match"):
        parse_verifier_key(VECTOR_KEY.replace("c74f20a3", "c74f20a4"))


def _proved(server: Server, client: Client) -> tuple[dict[str, Any], str]:
    created = client.traces.create(trace_body("py-prover"))
    proofs = client.ledger.proof(created["trace_id"])
    key = str(server.cli("public-key", binary="audit")["verifier_key"])
    return dict(proofs), key


def test_prove_a_trace_against_the_pinned_key(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        created = client.traces.create(trace_body("py-prover"))
        key = str(server.cli("public-key", binary="audit")["verifier_key"])
        proved = client.ledger.prove(created["trace_id"], verifier_key=key)
        assert proved["subject_id"] == created["trace_id"]
        assert proved["signed"] is True and proved["entries"] >= 1
        head = client.ledger.head()
        # Both are null only before the ledger's first entry.
        assert head["key"] is not None and head["tree_head"] is not None
        assert head["key"]["verifier_key"] == key
        assert head["tree_head"]["tree_size"] >= proved["tree_size"]


def test_a_changed_entry_path_or_key_fails_the_proof(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        proofs, key = _proved(server, client)
    verify_subject_proofs(proofs, key)

    changed = copy.deepcopy(proofs)
    changed["entries"][0]["entry"]["actor"] = "someone-else"
    with pytest.raises(ProofError, match="does not fold"):
        verify_subject_proofs(changed)

    assert proofs["entries"][0]["proof"], "a tree of one leaf has no path to change"
    flipped = copy.deepcopy(proofs)
    first = flipped["entries"][0]["proof"][0]
    flipped["entries"][0]["proof"][0] = ("0" if first[0] != "0" else "1") + first[1:]
    with pytest.raises(ProofError, match="does not fold"):
        verify_subject_proofs(flipped)

    shorter = copy.deepcopy(proofs)
    shorter["entries"][0]["proof"].append("00" * 32)
    with pytest.raises(ProofError):
        verify_subject_proofs(shorter)

    other_root = copy.deepcopy(proofs)
    other_root["tree_head"]["checkpoint"] = other_root["tree_head"]["checkpoint"].replace(
        f"\n{proofs['tree_head']['tree_size']}\n", f"\n{proofs['tree_head']['tree_size'] + 1}\n"
    )
    with pytest.raises(ProofError, match="not valid"):
        verify_subject_proofs(other_root, key)

    with pytest.raises(ProofError, match="no signature by"):
        verify_subject_proofs(proofs, VECTOR_KEY)


def test_verify_now_and_in_the_background(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        client.traces.create(trace_body("py-verifier"))
        answer = client.ledger.verify()
        assert answer["verdict"]["ok"] is True
        job = client.ledger.verify_start()
        done = client.jobs.wait(job["id"], timeout=60)
        assert done["result"]["verdict"]["ok"] is True
        last = client.ledger.head()["last_verify"]
        assert last is not None and last["ok"] is True


def test_generate_wait_and_download_a_report(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        client.traces.create(trace_body("py-reporter"))
        queued = client.reports.generate({"regulation": "gdpr"})
        client.jobs.wait(queued["job_id"], timeout=120)
        report = client.reports.get(queued["report_id"])
        assert report["status"] == "done"
        assert any(r["report_id"] == queued["report_id"] for r in client.reports.list()["reports"])
        body = client.reports.download(report["filename"])
        assert body.lstrip().lower().startswith(b"<!doctype html")
        assert b"GDPR" in body


async def test_async_prove_and_reports(server: Server) -> None:
    async with AsyncClient(server.url, ADMIN_KEY) as client:
        created = await client.traces.create(trace_body("py-async-prover"))
        key = str(server.cli("public-key", binary="audit")["verifier_key"])
        proved = await client.ledger.prove(created["trace_id"], verifier_key=key)
        assert proved["signed"] is True
        assert (await client.reports.list())["total"] >= 0


def test_jobs_list_shows_the_callers_jobs(server: Server) -> None:
    with Client(server.url, ADMIN_KEY) as client:
        job = client.ledger.verify_start()
        client.jobs.wait(job["id"], timeout=60)
        listed = client.jobs.list(kind="ledger_verify", state="done")
        assert job["id"] in [j["id"] for j in listed["jobs"]]
        assert all(j["kind"] == "ledger_verify" for j in listed["jobs"])
