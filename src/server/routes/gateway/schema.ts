import { errorAnswer } from '../../route.js';
import { mappedSessionSchema } from '../sources/schema.js';

/**
 * The gateway's own answers besides the upstream's: OpenAI's error shape (what OpenAI's
 * SDKs parse into an APIError) once a call is past evid's checks, and the dry run.
 */
export const openAiErrorSchema = {
  $id: 'OpenAIError',
  type: 'object',
  description: "OpenAI's error body (src/sources/gateway/call.ts openAiError)",
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['message', 'type', 'code'],
      properties: {
        message: { type: 'string' },
        type: {
          type: 'string',
          description: 'upstream_error, kill_switch_active, evid_recording_failed, internal_error',
        },
        code: {
          type: 'string',
          description:
            'upstream_unavailable, upstream_timeout, kill_switch_active, recording_failed, internal',
        },
      },
    },
  },
} as const;

export const gatewayDryRunSchema = {
  $id: 'GatewayDryRun',
  type: 'object',
  description: 'X-Evid-Dry-Run: 1: the session the call would be recorded as; nothing is sent',
  additionalProperties: false,
  required: ['dry_run', 'source_id', 'authenticated_as', 'sessions'],
  properties: {
    dry_run: { type: 'boolean', enum: [true] },
    source_id: { type: 'string' },
    authenticated_as: { type: 'string', description: "the principal: the source's token" },
    sessions: {
      type: 'array',
      description: 'empty for a call that is not recorded (the model list)',
      items: mappedSessionSchema,
    },
  },
} as const;

/** What the upstream answers passes through as it came: not evid's to describe. */
const upstreamAnswer = {
  type: 'object',
  additionalProperties: true,
  description:
    "the upstream's answer, unchanged (a stream is text/event-stream, passed through as well)",
} as const;

const openAiFailure = (description: string) => ({ ...openAiErrorSchema, description });

/** Every gateway route's answers (besides the refusals every route has, in evid's shape). */
export const gatewayResponses = {
  200: {
    description: "the upstream's answer, or a dry run's",
    anyOf: [gatewayDryRunSchema, upstreamAnswer],
  },
  502: openAiFailure('the upstream is down or refused the connection'),
  503: openAiFailure(
    'the kill switch stops the agent, or a fail-closed source could not record the call',
  ),
  504: openAiFailure('the upstream did not answer within the source timeout_ms'),
  500: {
    description:
      "internal error: evid's Error body before the call is forwarded, OpenAI's once it is",
    anyOf: [errorAnswer('internal error'), openAiErrorSchema],
  },
} as const;
