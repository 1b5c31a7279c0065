"""Check the ledger's answers offline: an entry's inclusion proof against the signed tree
head (RFC 9162 2.1.3.2), and the tree head's signature (a C2SP signed-note checkpoint with an
Ed25519 key). Pure functions over the JSON the server answers; the only import beyond the
standard library is ``cryptography``, for the signature, and only when a signature is checked.

Trust comes from the verifier key: pin the one ``audit public-key --json`` prints
(``verifier_key``), read once on a machine you trust. A key read
from the same server that answers the proof proves only that the server is consistent.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ._exceptions import EvidError

#: The leaf fields, in the order RFC 8785 sorts them (all ASCII names).
LEAF_FIELDS = ("actor", "digest", "kind", "recorded_at", "subject_id")


class ProofError(EvidError):
    """An inclusion proof or a signed tree head did not check out."""


def leaf_json(entry: Mapping[str, Any]) -> str:
    """The leaf data of a ledger entry: RFC 8785 canonical JSON of its fields without seq.
    For these fields (strings) JCS is sorted keys, no blanks and JSON string escapes."""
    missing = [name for name in LEAF_FIELDS if not isinstance(entry.get(name), str)]
    if missing:
        raise ProofError(f"ledger entry lacks string field(s): {', '.join(missing)}")
    return json.dumps(
        {name: entry[name] for name in LEAF_FIELDS}, separators=(",", ":"), ensure_ascii=False
    )


def leaf_hash(entry: Mapping[str, Any]) -> bytes:
    """RFC 9162 leaf hash: SHA-256(0x00 || leaf data)."""
    return hashlib.sha256(b"\x00" + leaf_json(entry).encode()).digest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def root_from_inclusion(
    index: int, size: int, leaf: bytes, path: Sequence[str | bytes]
) -> bytes:
    """The root an inclusion path folds to (RFC 9162 2.1.3.2); ProofError when the path's
    length does not fit the index and size."""
    if not 0 <= index < size:
        raise ProofError(f"leaf index {index} is outside a tree of size {size}")
    fn, sn, r = index, size - 1, leaf
    for element in path:
        p = bytes.fromhex(element) if isinstance(element, str) else element
        if len(p) != 32:
            raise ProofError("a proof element is not a 32-byte hash")
        if sn == 0:
            raise ProofError("the proof is longer than the tree is deep")
        if fn & 1 or fn == sn:
            r = _node(p, r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = _node(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError("the proof is shorter than the tree is deep")
    return r


def parse_verifier_key(verifier_key: str) -> tuple[str, bytes, bytes]:
    """``<name>+<8-hex key id>+<base64(0x01 || public key)>`` -> (name, key id, public key),
    the key id checked against the key."""
    parts = verifier_key.split("+", 2)  # base64 may hold "+" too
    if len(parts) != 3 or not parts[0] or len(parts[1]) != 8:
        raise ProofError("verifier key is not <name>+<8-hex key id>+<base64 key>")
    name, key_id_hex, key_b64 = parts
    try:
        key_id = bytes.fromhex(key_id_hex)
        raw = base64.b64decode(key_b64, validate=True)
    except ValueError as err:
        raise ProofError(f"verifier key is malformed: {err}") from None
    if len(raw) != 33 or raw[0] != 1:
        raise ProofError("verifier key is not an Ed25519 key (0x01 and 32 bytes)")
    if hashlib.sha256(name.encode() + b"\n" + raw).digest()[:4] != key_id:
        raise ProofError("verifier key's id does not match its key")
    return name, key_id, raw[1:]


def verify_note(note: str, verifier_key: str) -> str:
    """Check a C2SP signed note against one verifier key and answer its text (the lines
    before the blank separator, each ending in a newline)."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    name, key_id, public = parse_verifier_key(verifier_key)
    text, sep, signatures = note.partition("\n\n")
    if not sep:
        raise ProofError("the note has no signature block")
    text += "\n"
    for line in signatures.splitlines():
        fields = line.split(" ")
        if len(fields) != 3 or fields[0] != "\u2014" or fields[1] != name:
            continue
        try:
            blob = base64.b64decode(fields[2], validate=True)
        except ValueError:
            continue
        if blob[:4] != key_id:
            continue
        try:
            Ed25519PublicKey.from_public_bytes(public).verify(blob[4:], text.encode())
        except InvalidSignature:
            raise ProofError(f"the note's signature by {name} is not valid") from None
        return text
    raise ProofError(f"the note carries no signature by {name}")


def verify_subject_proofs(
    proofs: Mapping[str, Any], verifier_key: str | None = None
) -> dict[str, Any]:
    """Check every entry of a ``client.ledger.proof(subject)`` answer: each leaf recomputed
    from the entry's fields, each path folded to the tree head's root; with ``verifier_key``
    the checkpoint's signature too, and that it names the same size and root. Answers
    ``{"subject_id", "tree_size", "root_hash", "entries", "signed"}``; ProofError otherwise."""
    head = proofs.get("tree_head") or {}
    size, root_hex = head.get("tree_size"), head.get("root_hash")
    if not isinstance(size, int) or not isinstance(root_hex, str):
        raise ProofError("the answer has no tree head (tree_size, root_hash)")
    root = bytes.fromhex(root_hex)
    entries = proofs.get("entries") or []
    if not entries:
        raise ProofError("the answer proves no entry")
    for item in entries:
        entry = item.get("entry") or {}
        folded = root_from_inclusion(
            item.get("leaf_index", -1), size, leaf_hash(entry), item.get("proof") or []
        )
        if folded != root:
            raise ProofError(f"ledger entry {entry.get('seq')} does not fold to the signed root")
        if entry.get("subject_id") != proofs.get("subject_id"):
            raise ProofError(f"ledger entry {entry.get('seq')} is about another subject")
    if verifier_key is not None:
        lines = verify_note(str(head.get("checkpoint", "")), verifier_key).split("\n")
        if len(lines) < 3 or lines[1] != str(size) or base64.b64decode(lines[2]) != root:
            raise ProofError("the signed checkpoint names another size or root")
    return {
        "subject_id": proofs.get("subject_id"),
        "tree_size": size,
        "root_hash": root_hex,
        "entries": len(entries),
        "signed": verifier_key is not None,
    }
