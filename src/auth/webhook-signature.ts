import { NotFoundError, UnauthorizedError } from '../errors.js';
import { getSource, recordSourceError } from '../sources/registry.js';
import { secretHash, webhookSecret } from '../sources/webhook-secret.js';
import {
  assertFresh,
  parseSignatureHeader,
  signatureMatches,
  type SignatureHeader,
} from '../sources/webhook/signature.js';
import type { Store } from '../store/store.js';
import type { Principal } from './principal.js';

/**
 * A webhook delivery's signature is its credential (src/sources/webhook/signature.ts): it
 * produces the same Principal as a key does, `{kind: 'webhook', id: <source id>, role:
 * ingest, actor: 'source:<id>', source}`, so the routes and the ledger see one kind of
 * caller. Checked in two steps by src/server/auth.ts: `precheck` before the body is read
 * (the header is there, well-formed and fresh; the source exists and is a webhook source),
 * `verify` once the raw body is in (the HMAC).
 */
export class WebhookAuthenticator {
  constructor(
    private readonly store: Store,
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  precheck(sourceId: string, header: string | string[] | undefined): SignatureHeader {
    // The header first: with no credential at all, every route but health is 401, so
    // source ids cannot be probed without even pretending to sign.
    const parsed = parseSignatureHeader(header);
    assertFresh(parsed, this.now());
    const source = this.store.read((r) => getSource(r, sourceId));
    if (source.type !== 'webhook') {
      throw new NotFoundError(`source ${sourceId} is a ${source.type} source, not webhook`, {
        id: sourceId,
      });
    }
    return parsed;
  }

  verify(sourceId: string, header: SignatureHeader, body: Uint8Array): Principal {
    const stored = this.store.read(
      (r) =>
        r
          .prepare('SELECT secret_hash FROM sources WHERE source_id = ? AND removed_at IS NULL')
          .get(sourceId) as { secret_hash: string | null } | undefined,
    );
    if (!stored) throw new NotFoundError(`source ${sourceId} not found`, { id: sourceId });
    const secret = webhookSecret(this.dataDir, sourceId);
    if (stored.secret_hash === null || secretHash(secret) !== stored.secret_hash) {
      // Not the sender's fault: the data directory's source key file is not the one this
      // source's secret came from (restored without it, or replaced). Counted for operators.
      const message = `the signing key file changed: the secret of source ${sourceId} no longer derives from it (restore source-secrets.key, or remove and re-add the source)`;
      recordSourceError(this.store, sourceId, message);
      throw new UnauthorizedError(`key file changed: ${message}`);
    }
    if (!signatureMatches(secret, header, body)) {
      throw new UnauthorizedError(
        'signature does not match: sign "<t>.<raw body>" with HMAC-SHA256 and the source\'s secret, and send the body unchanged',
      );
    }
    return {
      kind: 'webhook',
      id: sourceId,
      role: 'ingest',
      actor: `source:${sourceId}`,
      source: sourceId,
    };
  }
}
