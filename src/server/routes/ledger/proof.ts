import { subjectProofs } from '../../../store/ledger-proof.js';
import { defineRoute, filterString } from '../../route.js';

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
      200: { type: 'object', description: 'subject_id, tree_head (signed checkpoint), entries' },
    },
  },
  handler(req, _reply, ctx) {
    const { subject } = req.query as { subject: string };
    return ctx.store.read((r) =>
      subjectProofs(r, ctx.app.config.dataDir, ctx.store.origin, subject),
    );
  },
});
