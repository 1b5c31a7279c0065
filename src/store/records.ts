/**
 * The canonical record of each ledgered subject: what its ledger digest commits to. The
 * writer builds it from the values it inserts and the verifier from the row it reads back,
 * through these same functions, so the two can never disagree about what was hashed.
 * JSON columns are stored as canonical JSON text and committed to as that text.
 */
import { nodeCrypto } from '../lazy-crypto.js';

export interface TraceRecordFields {
  trace_id: string;
  session_id: string;
  agent: string;
  framework: string | null;
  source: string;
  attributes: string;
  ingested_at: string;
}

export function traceRecord(t: TraceRecordFields): Record<string, unknown> {
  return {
    trace_id: t.trace_id,
    session_id: t.session_id,
    agent: t.agent,
    framework: t.framework,
    source: t.source,
    attributes: t.attributes,
    ingested_at: t.ingested_at,
  };
}

export interface EventRecordFields {
  event_id: string;
  trace_id: string | null;
  position: number;
  agent: string;
  type: string;
  model: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  timestamp: string;
  attributes: string;
  /** The source it came from (issue 12); committed to only when set, so older digests hold. */
  source_id?: string | null;
}

export function eventRecord(e: EventRecordFields): Record<string, unknown> {
  const record: Record<string, unknown> = {
    event_id: e.event_id,
    trace_id: e.trace_id,
    position: e.position,
    agent: e.agent,
    type: e.type,
    model: e.model,
    prompt: e.prompt,
    completion: e.completion,
    tokens_prompt: e.tokens_prompt,
    tokens_completion: e.tokens_completion,
    timestamp: e.timestamp,
    attributes: e.attributes,
  };
  if (e.source_id != null) record.source_id = e.source_id;
  return record;
}

/** What a detector says of one match: shared by a new finding and its ledgered record. */
export interface FindingDetection {
  type: string;
  category: string;
  severity: string;
  detector: string;
  score: number;
  field: string;
  start: number;
  end: number;
  match_masked: string;
  excerpt: string;
  fingerprint: string;
}

/** The immutable part of a finding (its status moves are separate `finding.updated` leaves). */
export interface FindingRecordFields extends FindingDetection {
  finding_id: string;
  trace_id: string | null;
  event_id: string | null;
  agent: string;
  /** The control ids as stored: a JSON array. */
  controls: string;
  created_at: string;
}

export function findingRecord(f: FindingRecordFields): Record<string, unknown> {
  return {
    finding_id: f.finding_id,
    trace_id: f.trace_id,
    event_id: f.event_id,
    agent: f.agent,
    type: f.type,
    category: f.category,
    severity: f.severity,
    detector: f.detector,
    score: f.score,
    field: f.field,
    start: f.start,
    end: f.end,
    match_masked: f.match_masked,
    excerpt: f.excerpt,
    fingerprint: f.fingerprint,
    controls: f.controls,
    created_at: f.created_at,
  };
}

export interface FindingUpdateFields {
  finding_id: string;
  from_status: string | null;
  to_status: string;
  comment: string | null;
  actor: string;
  at: string;
}

export function findingUpdateRecord(u: FindingUpdateFields): Record<string, unknown> {
  return {
    finding_id: u.finding_id,
    from_status: u.from_status,
    to_status: u.to_status,
    comment: u.comment,
    actor: u.actor,
    at: u.at,
  };
}

export interface PolicyRecordFields {
  version: number;
  document: string;
  actor: string;
  created_at: string;
}

export function policyRecord(p: PolicyRecordFields): Record<string, unknown> {
  return { version: p.version, document: p.document, actor: p.actor, created_at: p.created_at };
}

/** A built evidence pack (`pack.built`): what was packed, against which tree head, by whom. */
export interface PackRecordFields {
  pack_id: string;
  created_at: string;
  format: string;
  filters: string;
  tree_size: number;
  root_hash: string;
  path: string;
  sha256: string;
  manifest_sha256: string;
  size_bytes: number;
  trace_count: number;
  event_count: number;
  finding_count: number;
  finding_update_count: number;
  actor: string;
}

export function packRecord(p: PackRecordFields): Record<string, unknown> {
  return {
    pack_id: p.pack_id,
    created_at: p.created_at,
    format: p.format,
    filters: p.filters,
    tree_size: p.tree_size,
    root_hash: p.root_hash,
    path: p.path,
    sha256: p.sha256,
    manifest_sha256: p.manifest_sha256,
    size_bytes: p.size_bytes,
    trace_count: p.trace_count,
    event_count: p.event_count,
    finding_count: p.finding_count,
    finding_update_count: p.finding_update_count,
    actor: p.actor,
  };
}

/**
 * An API key's creation (`apikey.created`): never the secret, never its stored hash, but a
 * SHA-256 of that hash, so that `audit verify` notices a hash swapped for one whose secret
 * an insider knows (the stored hash is itself SHA-256 of a 256-bit secret).
 */
export interface ApiKeyRecordFields {
  key_id: string;
  name: string;
  role: string;
  hash: string;
  created_at: string;
  created_by: string;
  /** A source's ingest token (issue 12); committed to only when set, so older digests hold. */
  source_id?: string | null;
}

export function apiKeyRecord(k: ApiKeyRecordFields): Record<string, unknown> {
  const record: Record<string, unknown> = {
    key_id: k.key_id,
    name: k.name,
    role: k.role,
    hash_sha256: nodeCrypto().hash('sha256', k.hash, 'hex'),
    created_at: k.created_at,
    created_by: k.created_by,
  };
  if (k.source_id != null) record.source_id = k.source_id;
  return record;
}

/** An API key's revocation (`apikey.revoked`). */
export interface ApiKeyRevocationFields {
  key_id: string;
  revoked_at: string;
  revoked_by: string;
}

export function apiKeyRevocationRecord(k: ApiKeyRevocationFields): Record<string, unknown> {
  return { key_id: k.key_id, revoked_at: k.revoked_at, revoked_by: k.revoked_by };
}

/** One kill-switch toggle (`killswitch.activated` / `killswitch.deactivated`). */
export interface KillSwitchRecordFields {
  scope: string;
  agent: string;
  action: string;
  reason: string;
  actor: string;
  at: string;
}

export function killSwitchRecord(k: KillSwitchRecordFields): Record<string, unknown> {
  return {
    scope: k.scope,
    agent: k.agent,
    action: k.action,
    reason: k.reason,
    actor: k.actor,
    at: k.at,
  };
}

/** A finished compliance report (`report.generated`): what was produced, and its hash. */
export interface ReportRecordFields {
  report_id: string;
  filename: string;
  regulation: string;
  agent: string | null;
  format: string;
  sha256: string;
  size_bytes: number;
  score: number;
  created_at: string;
  finished_at: string;
  actor: string;
}

export function reportRecord(r: ReportRecordFields): Record<string, unknown> {
  return {
    report_id: r.report_id,
    filename: r.filename,
    regulation: r.regulation,
    agent: r.agent,
    format: r.format,
    sha256: r.sha256,
    size_bytes: r.size_bytes,
    score: r.score,
    created_at: r.created_at,
    finished_at: r.finished_at,
    actor: r.actor,
  };
}

/**
 * A ledger signing key taking over (`ledger.key`): the first one of a store, one adopted by
 * a store written before keys were ledgered, or a rotation naming its predecessor.
 */
export interface LedgerKeyRecordFields {
  fingerprint: string;
  /** The raw 32-byte Ed25519 public key, standard base64. */
  public_key: string;
  previous_fingerprint: string | null;
  reason: string;
  created_at: string;
  actor: string;
}

export function ledgerKeyRecord(k: LedgerKeyRecordFields): Record<string, unknown> {
  return {
    fingerprint: k.fingerprint,
    public_key: k.public_key,
    previous_fingerprint: k.previous_fingerprint,
    reason: k.reason,
    created_at: k.created_at,
    actor: k.actor,
  };
}

/** A source's fixed part (`source.added`); its counters and status are not evidence. */
export interface SourceRecordFields {
  source_id: string;
  type: string;
  name: string;
  endpoint: string | null;
  options: string;
  key_id: string | null;
  secret_hash: string | null;
  created_at: string;
  created_by: string;
}

export function sourceRecord(s: SourceRecordFields): Record<string, unknown> {
  return {
    source_id: s.source_id,
    type: s.type,
    name: s.name,
    endpoint: s.endpoint,
    options: s.options,
    key_id: s.key_id,
    secret_hash: s.secret_hash,
    created_at: s.created_at,
    created_by: s.created_by,
  };
}

/** A source's removal (`source.removed`), with whether its events' content was purged. */
export interface SourceRemovalFields {
  source_id: string;
  removed_at: string;
  removed_by: string;
  purged: number;
}

export function sourceRemovalRecord(s: SourceRemovalFields): Record<string, unknown> {
  return {
    source_id: s.source_id,
    removed_at: s.removed_at,
    removed_by: s.removed_by,
    purged: s.purged,
  };
}
