/**
 * Monitoring alerts to an email channel, through nodemailer over the SMTP server of
 * EVID_SMTP_HOST/PORT/SECURE/USER/PASSWORD/FROM (docs/safety-api.md). One message per
 * alert, its Message-ID derived from the alert's stable event id so a redelivery after a
 * crash is recognisable. Without EVID_SMTP_HOST nothing can be sent: the alert waits.
 */
import type { SmtpConfig } from '../config/config.js';
import type { DeliveryAnswer, OutboundEvent, Transport } from './types.js';

export function alertEmailTransport(to: string, smtp: SmtpConfig | undefined): Transport {
  let transporter: import('nodemailer').Transporter | undefined;
  return {
    maxBatch: 1,
    async send(events: OutboundEvent[]): Promise<DeliveryAnswer> {
      if (!smtp) {
        return {
          ok: false,
          retry: false,
          answer: 'no SMTP server configured: set EVID_SMTP_HOST (and EVID_SMTP_PORT, ...)',
        };
      }
      if (!transporter) {
        const nodemailer = await import('nodemailer');
        transporter = nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
        });
      }
      for (const e of events) {
        try {
          await transporter.sendMail({
            from: smtp.from,
            to,
            subject: `[evid] ${e.severity} alert: ${e.summary}`.slice(0, 200),
            messageId: `<${e.event_id}@evid>`,
            text: alertText(e),
            headers: { 'X-Evid-Event-Id': e.event_id },
          });
        } catch (err) {
          const code = (err as { responseCode?: number }).responseCode;
          return {
            ok: false,
            // 5xx SMTP replies are permanent (bad recipient); anything else may pass later.
            retry: code === undefined || code < 500,
            answer: `SMTP ${smtp.host}:${smtp.port}: ${(err as Error).message}`,
          };
        }
      }
      return { ok: true, retry: false, answer: `sent to ${to}` };
    },
    async close() {
      transporter?.close();
    },
  };
}

function alertText(e: OutboundEvent): string {
  const r = e.record;
  return [
    e.summary,
    '',
    `severity:   ${e.severity}`,
    `session:    ${String(r.session_id ?? '-')}`,
    `system:     ${String(r.system_id ?? '-')}`,
    `event:      ${String(r.event_id ?? '-')}`,
    `rule:       ${String(r.rule ?? '-')}`,
    `time:       ${e.time}`,
    `alert id:   ${e.event_id}`,
    '',
    JSON.stringify(r, null, 2),
  ].join('\n');
}
