import { ROLES } from '../../../auth/roles.js';
import { orNull } from '../../route.js';

/** A key as listings show it (src/auth/keys.ts ApiKeyInfo): never its secret or hash. */
const apiKeyProperties = {
  key_id: { type: 'string', description: 'ak_<ULID>' },
  name: { type: 'string' },
  role: { type: 'string', enum: [...ROLES] },
  created_at: { type: 'string' },
  created_by: { type: 'string', description: 'the actor who created it' },
  revoked_at: orNull('string'),
  revoked_by: orNull('string'),
  last_used_at: orNull('string', 'the last request it authenticated'),
  source_id: orNull('string', "set for a source's ingest token"),
} as const;

const apiKeyRequired = Object.keys(apiKeyProperties);

export const apiKeySchema = {
  $id: 'ApiKey',
  type: 'object',
  additionalProperties: false,
  required: apiKeyRequired,
  properties: apiKeyProperties,
} as const;

/** The answer of POST /api/v1/keys: the only place the key and its secret ever appear. */
export const createdApiKeySchema = {
  type: 'object',
  description: 'the new key; `key` and `secret` are shown this once',
  additionalProperties: false,
  required: [...apiKeyRequired, 'key', 'secret'],
  properties: {
    ...apiKeyProperties,
    key: { type: 'string', description: 'the bearer credential, evk_<ULID>_<secret>' },
    secret: {
      type: 'string',
      description: 'the secret alone: with key_id, the api_key/api_secret of POST /v1/auth/token',
    },
  },
} as const;
