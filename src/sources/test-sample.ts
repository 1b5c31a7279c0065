import { createHmac, randomBytes } from 'node:crypto';
import { SIGNATURE_HEADER } from './connect.js';

/**
 * The small samples `sources test` sends, one per receiver kind, each what a real client of
 * that kind sends: an OTLP/JSON export of one GenAI span, a signed webhook trace, a
 * one-message chat completion. All go with `X-Evid-Dry-Run: 1`, so the receiver maps them
 * and stores nothing (and the gateway calls no upstream).
 */
export const TEST_SESSION = 'evid-sources-test';
export const DRY_RUN_HEADER = 'X-Evid-Dry-Run';

export interface Sample {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** One chat span with the GenAI attributes (OTLP/JSON: ids hex, 64-bit ints as strings). */
export function otelSample(url: string, token: string, now: Date): Sample {
  const start = BigInt(now.getTime()) * 1_000_000n;
  const attr = (key: string, value: Record<string, unknown>) => ({ key, value });
  const body = {
    resourceSpans: [
      {
        resource: { attributes: [attr('service.name', { stringValue: TEST_SESSION })] },
        scopeSpans: [
          {
            scope: { name: 'evid sources test' },
            spans: [
              {
                traceId: hex(16),
                spanId: hex(8),
                name: 'chat evid-test-model',
                kind: 3,
                startTimeUnixNano: String(start),
                endTimeUnixNano: String(start + 1_000_000n),
                attributes: [
                  attr('gen_ai.operation.name', { stringValue: 'chat' }),
                  attr('gen_ai.provider.name', { stringValue: 'evid' }),
                  attr('gen_ai.request.model', { stringValue: 'evid-test-model' }),
                  attr('gen_ai.conversation.id', { stringValue: TEST_SESSION }),
                  attr('gen_ai.agent.name', { stringValue: TEST_SESSION }),
                  attr('gen_ai.usage.input_tokens', { intValue: '1' }),
                  attr('gen_ai.usage.output_tokens', { intValue: '1' }),
                  attr('gen_ai.input.messages', {
                    stringValue: JSON.stringify([
                      { role: 'user', parts: [{ type: 'text', content: 'ping' }] },
                    ]),
                  }),
                  attr('gen_ai.output.messages', {
                    stringValue: JSON.stringify([
                      { role: 'assistant', parts: [{ type: 'text', content: 'pong' }] },
                    ]),
                  }),
                ],
                status: { code: 1 },
              },
            ],
          },
        ],
      },
    ],
  };
  return {
    url,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      [DRY_RUN_HEADER]: '1',
    },
    body: JSON.stringify(body),
  };
}

/** A one-event trace, signed as a sender signs a delivery: HMAC-SHA256 of "<t>.<body>". */
export function webhookSample(url: string, secret: string, now: Date): Sample {
  const body = JSON.stringify({
    session_id: TEST_SESSION,
    agent: TEST_SESSION,
    events: [
      {
        event_id: `evid_test_${hex(8)}`,
        type: 'llm_call',
        timestamp: now.toISOString(),
        model: 'evid-test-model',
        prompt: 'ping',
        completion: 'pong',
      },
    ],
  });
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return {
    url,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: `t=${t},v1=${v1}`,
      [DRY_RUN_HEADER]: '1',
    },
    body,
  };
}

/** A one-message chat completion to the gateway (base URL + /chat/completions). */
export function gatewaySample(base: string, token: string): Sample {
  return {
    url: `${base}/chat/completions`,
    headers: {
      'content-type': 'application/json',
      'X-Evid-Key': token,
      'X-Evid-Session-Id': TEST_SESSION,
      'X-Evid-Agent': TEST_SESSION,
      [DRY_RUN_HEADER]: '1',
    },
    body: JSON.stringify({
      model: 'evid-test-model',
      messages: [{ role: 'user', content: 'ping' }],
    }),
  };
}
