import { resolve } from 'node:path';
import type { TargetInput } from '../../../siem/target-options.js';
import { SIEM_KINDS } from '../../../siem/types.js';
import { defineCommand } from '../../command.js';
import { optionalString } from '../../options.js';

/** The flags as a TargetInput (checked in the domain, errors naming the flag); pure. */
export function parseAddOptions(opts: Record<string, unknown>, cwd: string): TargetInput {
  const caFile = optionalString(opts.caFile);
  return {
    kind: optionalString(opts.kind) ?? '',
    endpoint: optionalString(opts.endpoint),
    events: optionalString(opts.events),
    secret: optionalString(opts.token) ?? optionalString(opts.clientSecret),
    options: {
      index: opts.index,
      sourcetype: opts.sourcetype,
      ca_file: caFile === undefined ? undefined : resolve(cwd, caFile),
      dcr_id: opts.dcrId,
      stream: opts.stream,
      tenant_id: opts.tenantId,
      client_id: opts.clientId,
      authority_host: opts.authorityHost,
      port: opts.port,
      protocol: opts.protocol,
      format: opts.format,
    },
  };
}

export const siemAddCommand = defineCommand({
  writes: true,
  path: ['siem', 'add'],
  description:
    'add a SIEM target (splunk, sentinel, syslog); ledgered. Its secret goes to a 0600 file in the data directory, never to the database or the output',
  examples: [
    'evid siem add --kind splunk --endpoint https://splunk.example.com:8088 --token "$HEC_TOKEN" --index ai_audit',
    'evid siem add --kind sentinel --endpoint https://my-dce.westeurope-1.ingest.monitor.azure.com --dcr-id dcr-0123abcd --stream Custom-EvidEvents_CL --tenant-id "$TENANT" --client-id "$APP_ID" --client-secret "$APP_SECRET"',
    'evid siem add --kind syslog --endpoint siem.example.com --port 6514 --protocol tls --ca-file /etc/ssl/siem-ca.pem --format cef',
    'evid siem add --kind syslog --endpoint 127.0.0.1 --protocol udp --events all',
  ],
  options: (cmd) =>
    cmd
      .option('--kind <kind>', SIEM_KINDS.join(', '))
      .option(
        '--endpoint <endpoint>',
        'splunk: the HEC base URL; sentinel: the data collection endpoint URL; syslog: the host',
      )
      .option(
        '--events <which>',
        'findings (default: findings, kill switch, verify failures) or all (also every event)',
      )
      .option('--token <token>', 'splunk: the HEC token (kept in a 0600 file, shown as ****)')
      .option('--index <index>', 'splunk: the index')
      .option('--sourcetype <sourcetype>', 'splunk: the sourcetype (default evid:event)')
      .option('--dcr-id <id>', 'sentinel: the data collection rule immutable id (dcr-...)')
      .option('--stream <stream>', 'sentinel: the stream (Custom-<table>_CL)')
      .option('--tenant-id <id>', 'sentinel: the Entra tenant')
      .option('--client-id <id>', 'sentinel: the app (client) id')
      .option(
        '--client-secret <secret>',
        'sentinel: the client secret (kept in a 0600 file, shown as ****)',
      )
      .option(
        '--authority-host <url>',
        'sentinel: the Entra authority (default https://login.microsoftonline.com)',
      )
      .option('--port <port>', 'syslog: the port (default 514, tls 6514)')
      .option('--protocol <protocol>', 'syslog: udp (default), tcp (octet counting) or tls')
      .option('--format <format>', 'syslog: rfc5424 (default) or cef')
      .option(
        '--ca-file <file>',
        'https or tls: trust this CA bundle (PEM) instead of the system CAs',
      ),
  async run(ctx, _args, opts) {
    const input = parseAddOptions(opts, process.cwd());
    const { addTarget } = await import('../../../siem/targets.js');
    const app = ctx.app();
    const data = app.store.transact((tx) => addTarget(tx, app.config.dataDir, input));
    return {
      data,
      notes: [`check it with: evid siem test ${data.target_id}`],
      view: (ui) =>
        ui.fields([
          ['target', data.target_id],
          ['kind', data.kind],
          ['endpoint', data.endpoint],
          ['events', data.events],
          ...Object.entries(data.options).map(([k, v]) => [k, v] as [string, unknown]),
          ...(data.secret ? [['secret', data.secret] as [string, unknown]] : []),
        ]),
    };
  },
});
