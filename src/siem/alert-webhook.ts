/**
 * Monitoring alerts to a webhook channel (docs/safety-api.md): each alert is POSTed alone as
 * JSON, signed like the webhooks evid receives (`X-Evid-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, "<t>.<body>")>`) with the channel's secret, shown once when the session
 * was created. `X-Evid-Event-Id` is stable per alert, so a redelivery can be recognised.
 * A 2xx is delivered; 408, 429 and 5xx are retried with backoff; other 4xx wait the cap.
 */
import { signPayload, SIGNATURE_HEADER } from '../sources/webhook/signature.js';
import { describeNetworkError, post, retryAfterMs } from './http.js';
import type { DeliveryAnswer, OutboundEvent, Transport } from './types.js';

export function alertWebhookTransport(
  endpoint: string,
  secret: string,
  now: () => number = Date.now,
): Transport {
  return {
    maxBatch: 1,
    async send(events: OutboundEvent[]): Promise<DeliveryAnswer> {
      for (const e of events) {
        const body = Buffer.from(JSON.stringify({ event_id: e.event_id, ...e.record }));
        const t = Math.floor(now() / 1000);
        const signature = signPayload(secret, t, body).toString('hex');
        let answer;
        try {
          answer = await post(
            endpoint,
            {
              'content-type': 'application/json',
              'user-agent': 'evid-alerts',
              'x-evid-event-id': e.event_id,
              [SIGNATURE_HEADER.toLowerCase()]: `t=${t},v1=${signature}`,
            },
            body,
          );
        } catch (err) {
          return { ok: false, ...describeNetworkError(err, endpoint) };
        }
        if (answer.status < 200 || answer.status >= 300) {
          const retry = answer.status === 408 || answer.status === 429 || answer.status >= 500;
          const wait = retryAfterMs(answer.headers['retry-after']);
          return {
            ok: false,
            retry,
            ...(wait !== undefined ? { retryAfterMs: wait } : {}),
            answer: `HTTP ${answer.status} ${answer.text.slice(0, 200)}`.trim(),
          };
        }
      }
      return { ok: true, retry: false, answer: 'HTTP 2xx' };
    },
    async close() {},
  };
}
