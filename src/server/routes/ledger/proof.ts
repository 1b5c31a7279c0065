import { subjectProofs } from '../../../store/ledger-proof.js';
import { defineRoute, errorAnswer, filterString } from '../../route.js';

export const ledgerProofRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/ledger/proof',
  summary: "inclusion proofs of a record's ledger entries against the latest signed tree head",
  description:
    'For each entry of the subject (a trace, event, finding, ... id): the entry, its leaf data (RFC 8785 JSON), leaf index and PATH (RFC 9162 2.1.3.1). A client recomputes SHA-256(0x00 || leaf), folds the path and compares the signed root_hash.',
  tag: 'ledger',
  auth: 'read',
  schema: {
    querystring: {
      type: 'object',
      required: ['subject'],
      additionalProperties: false,
      properties: { subject: { ...filterString, description: 'the record id' } },
    },
    response: {
      200: {
        type: 'object',
        description: "the subject's entries (at most 100), each with its inclusion proof",
        additionalProperties: false,
        required: ['subject_id', 'tree_head', 'entries'],
        properties: {
          subject_id: { type: 'string' },
          tree_head: {
            type: 'object',
            description: 'the signed tree head the proofs lead to',
            additionalProperties: false,
            required: ['origin', 'tree_size', 'root_hash', 'signed_at', 'checkpoint'],
            properties: {
              origin: { type: 'string' },
              tree_size: { type: 'integer' },
              root_hash: { type: 'string', description: 'hex' },
              signed_at: { type: 'string' },
              checkpoint: { type: 'string', description: 'the signed checkpoint note (C2SP)' },
            },
          },
          entries: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['entry', 'leaf_json', 'leaf_index', 'proof'],
              properties: {
                entry: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['seq', 'kind', 'subject_id', 'digest', 'recorded_at', 'actor'],
                  properties: {
                    seq: { type: 'integer', description: '1-based' },
                    kind: { type: 'string', description: 'trace.ingested, finding.created, ...' },
                    subject_id: { type: 'string' },
                    digest: { type: 'string', description: "hex SHA-256 of the record's JCS" },
                    recorded_at: { type: 'string' },
                    actor: { type: 'string' },
                  },
                },
                leaf_json: {
                  type: 'string',
                  description: 'the leaf data: RFC 8785 JSON of the entry without seq',
                },
                leaf_index: { type: 'integer', description: 'seq - 1' },
                proof: {
                  type: 'array',
                  items: { type: 'string' },
                  description: 'sibling hashes (hex), leaf upwards (RFC 9162 2.1.3.1 PATH)',
                },
              },
            },
          },
        },
      },
      404: errorAnswer('no ledger entry for this subject up to the signed tree head'),
    },
  },
  handler(req, _reply, ctx) {
    const { subject } = req.query as { subject: string };
    return ctx.store.read((r) =>
      subjectProofs(r, ctx.app.config.dataDir, ctx.store.origin, subject),
    );
  },
});
