import { isAbsolute } from 'node:path';
import { createApiKey, revokeApiKey } from '../auth/keys.js';
import { ConflictError, ValidationError } from '../errors.js';
import { ulid } from '../ids.js';
import { canonicalize } from '../ledger/jcs.js';
import { purgeEventContent } from '../store/purge.js';
import { sourceRecord, sourceRemovalRecord } from '../store/records.js';
import type { Transactor } from '../store/store.js';
import { sourceOptions } from './options.js';
import { getSource } from './registry.js';
import { SOURCE_TYPES, type Source, type SourceType } from './types.js';
import { secretHash, webhookSecret } from './webhook-secret.js';

export interface SourceInput {
  type: string;
  name: string;
  endpoint?: string | undefined;
  options?: Record<string, unknown>;
}

export interface AddedSource {
  source: Source;
  /** Shown once, never stored: the ingest token (otel, gateway) or signing secret (webhook). */
  credential: { kind: 'token' | 'webhook_secret'; value: string } | null;
}

/** Per type: whether an endpoint is required, and how it is checked. */
const ENDPOINT: Record<SourceType, { required: boolean; check?: (e: string) => string | null }> = {
  otel: { required: false },
  webhook: { required: false },
  logfile: {
    required: true,
    // `evid serve` tails it from wherever it runs: a relative path would mean its cwd.
    check: (e) =>
      isAbsolute(e) ? null : 'must be an absolute path or glob (e.g. /var/log/agent/*.jsonl)',
  },
  gateway: {
    required: true,
    check: (e) => {
      try {
        const url = new URL(e);
        return url.protocol === 'http:' || url.protocol === 'https:'
          ? null
          : 'must be an http(s) URL (the upstream, e.g. https://api.openai.com/v1)';
      } catch {
        return 'must be an http(s) URL (the upstream, e.g. https://api.openai.com/v1)';
      }
    },
  },
};

function isSourceType(t: string): t is SourceType {
  return (SOURCE_TYPES as readonly string[]).includes(t);
}

function checkText(value: string, field: string, max: number): string {
  const text = value.trim();
  if (text === '' || text.length > max || [...text].some((c) => c.charCodeAt(0) < 32)) {
    throw new ValidationError(`${field}: must be 1 to ${max} printable characters`, { field });
  }
  return text;
}

/**
 * Adds a source and ledgers it (`source.added`, with the actor). otel and gateway sources
 * get an ingest token (an API key of role ingest bound to the source); a webhook source
 * gets a signing secret (derived, see webhook-secret.ts); a log file needs neither.
 */
export function addSource(tx: Transactor, dataDir: string, input: SourceInput): AddedSource {
  if (!isSourceType(input.type)) {
    throw new ValidationError(
      `type: must be one of ${SOURCE_TYPES.join(', ')} (got "${input.type}")`,
      { field: 'type' },
    );
  }
  const type = input.type;
  const name = checkText(input.name, 'name', 100);
  const clash = tx
    .prepare('SELECT source_id FROM sources WHERE name = ? AND removed_at IS NULL')
    .get(name) as { source_id: string } | undefined;
  if (clash) {
    throw new ConflictError(`name: a source named "${name}" already exists (${clash.source_id})`, {
      field: 'name',
    });
  }
  const rule = ENDPOINT[type];
  const endpoint =
    input.endpoint === undefined ? null : checkText(input.endpoint, 'endpoint', 2048);
  if (endpoint === null && rule.required) {
    throw new ValidationError(`endpoint: is required for a ${type} source`, {
      field: 'endpoint',
    });
  }
  const problem = endpoint === null ? null : (rule.check?.(endpoint) ?? null);
  if (problem) throw new ValidationError(`endpoint: ${problem}`, { field: 'endpoint' });
  const options = sourceOptions(type, input.options ?? {});

  const sourceId = `src_${ulid()}`;
  let credential: AddedSource['credential'] = null;
  let keyId: string | null = null;
  let hashOfSecret: string | null = null;
  if (type === 'otel' || type === 'gateway') {
    const key = createApiKey(tx, { name: `source ${name}`, role: 'ingest', source_id: sourceId });
    keyId = key.key_id;
    credential = { kind: 'token', value: key.key };
  } else if (type === 'webhook') {
    const secret = webhookSecret(dataDir, sourceId);
    hashOfSecret = secretHash(secret);
    credential = { kind: 'webhook_secret', value: secret };
  }
  const row = {
    source_id: sourceId,
    type,
    name,
    endpoint,
    options: canonicalize(options),
    key_id: keyId,
    secret_hash: hashOfSecret,
    created_at: tx.now(),
    created_by: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO sources (source_id, type, name, endpoint, options, key_id, secret_hash,
         created_at, created_by)
       VALUES (@source_id, @type, @name, @endpoint, @options, @key_id, @secret_hash,
         @created_at, @created_by)`,
    )
    .run(row);
  tx.ledger.append('source.added', sourceId, Number(lastInsertRowid), sourceRecord(row));
  return { source: getSource(tx, sourceId), credential };
}

export interface RemovedSource {
  source_id: string;
  removed_at: string;
  /** Events whose content was purged (with --purge); 0 otherwise. */
  purged_events: number;
}

/**
 * Removes a source: its token is revoked at once and the removal is ledgered
 * (`source.removed`). Its events stay evidence; with `purge`, their content is blanked as
 * retention does (DESIGN.md "Purge is not tampering": each purge is ledgered too).
 */
export function removeSource(
  tx: Transactor,
  id: string,
  options: { purge?: boolean } = {},
): RemovedSource {
  const source = getSource(tx, id);
  if (source.key_id) {
    const revoked = tx
      .prepare('SELECT revoked_at FROM api_keys WHERE key_id = ?')
      .get(source.key_id) as { revoked_at: string | null } | undefined;
    if (revoked && revoked.revoked_at === null) revokeApiKey(tx, source.key_id);
  }
  let purged = 0;
  if (options.purge) {
    const ids = tx
      .prepare('SELECT event_id FROM events WHERE source_id = ? AND purged_at IS NULL')
      .pluck()
      .iterate(id) as IterableIterator<string>;
    for (const eventId of [...ids]) if (purgeEventContent(tx, eventId)) purged++;
  }
  const at = tx.now();
  const ref = tx
    .prepare(
      'UPDATE sources SET removed_at = ?, removed_by = ?, purged = ? WHERE source_id = ? RETURNING id',
    )
    .get(at, tx.actor, options.purge ? 1 : 0, id) as { id: number };
  tx.ledger.append(
    'source.removed',
    id,
    ref.id,
    sourceRemovalRecord({
      source_id: id,
      removed_at: at,
      removed_by: tx.actor,
      purged: options.purge ? 1 : 0,
    }),
    at,
  );
  return { source_id: id, removed_at: at, purged_events: purged };
}
