import type { SmtpConfig } from '../config/config.js';
import { alertEmailTransport } from './alert-email.js';
import { alertWebhookTransport } from './alert-webhook.js';
import { readSecret } from './secrets.js';
import { sentinelTransport } from './sentinel.js';
import { splunkTransport } from './splunk.js';
import { syslogTransport } from './syslog.js';
import type { TargetRow } from './targets.js';
import type { TargetOptions, Transport } from './types.js';

/** The transport of a target, its secret read from its 0600 file and checked against its hash. */
export function transportFor(
  dataDir: string,
  row: TargetRow,
  version: string,
  smtp?: SmtpConfig,
): Transport {
  const options = JSON.parse(row.options) as TargetOptions;
  const secret = (): string => readSecret(dataDir, row.target_id, row.secret_hash ?? '');
  switch (row.kind) {
    case 'splunk':
      return splunkTransport(row.endpoint, options, secret());
    case 'sentinel':
      return sentinelTransport(row.endpoint, options, secret());
    // A monitoring session's alert channels (src/safety/monitoring/channels.ts).
    case 'alert_webhook':
      return alertWebhookTransport(row.endpoint, secret());
    case 'alert_email':
      return alertEmailTransport(row.endpoint, smtp);
    default:
      return syslogTransport(row.endpoint, options, version);
  }
}
