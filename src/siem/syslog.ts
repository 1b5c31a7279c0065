/**
 * Syslog transports: UDP (RFC 5426, one message per datagram, no answer at all), TCP with
 * octet counting (RFC 6587) and TLS (RFC 5425, the CA from --ca-file, the host name checked).
 * Syslog has no application-level acknowledgement, so for TCP and TLS a batch counts as
 * delivered once the receiver's end has taken every byte and closed the connection with us
 * (write, end, then a clean close); for UDP, once the datagrams have left.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import tls from 'node:tls';
import { describeNetworkError, readCa } from './http.js';
import { cef, octetCounted, rfc5424 } from './syslog-format.js';
import type { DeliveryAnswer, OutboundEvent, TargetOptions, Transport } from './types.js';

/** Most bytes per UDP datagram: what rsyslog and most receivers take by default. */
export const UDP_MAX_BYTES = 8192;

function udpSend(host: string, port: number, messages: string[]): Promise<void> {
  const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
  return new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    let i = 0;
    const next = (): void => {
      if (i === messages.length) return resolve();
      let data = Buffer.from(messages[i++]!);
      if (data.length > UDP_MAX_BYTES) data = data.subarray(0, UDP_MAX_BYTES);
      socket.send(data, port, host, (err) => (err ? reject(err) : next()));
    };
    next();
  }).finally(() => socket.close());
}

function streamSend(
  host: string,
  port: number,
  frames: string,
  secure: boolean,
  caFile: string | undefined,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const ca = readCa(caFile);
    const socket = secure
      ? tls.connect({
          host,
          port,
          ...(ca ? { ca } : {}),
          ...(net.isIP(host) ? {} : { servername: host }),
        })
      : net.connect({ host, port });
    socket.setTimeout(15_000, () =>
      socket.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    let failed = false;
    socket.once('error', (err) => {
      failed = true;
      reject(err);
    });
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.end(frames);
    });
    socket.once('close', () => {
      if (!failed) resolve();
    });
  });
}

export function syslogTransport(host: string, options: TargetOptions, version: string): Transport {
  const protocol = options.protocol ?? 'udp';
  const port = options.port ?? (protocol === 'tls' ? 6514 : 514);
  const format = (e: OutboundEvent): string =>
    options.format === 'cef' ? cef(e, version) : rfc5424(e);
  const where = `${protocol}://${host}:${port}`;
  return {
    maxBatch: 200,
    async send(events): Promise<DeliveryAnswer> {
      const messages = events.map(format);
      try {
        if (protocol === 'udp') await udpSend(host, port, messages);
        else
          await streamSend(
            host,
            port,
            messages.map(octetCounted).join(''),
            protocol === 'tls',
            options.ca_file,
          );
      } catch (err) {
        return { ok: false, ...describeNetworkError(err, where) };
      }
      return {
        ok: true,
        retry: false,
        answer:
          protocol === 'udp'
            ? `${messages.length} datagram(s) sent to ${where} (UDP has no answer)`
            : `${messages.length} message(s) taken by ${where}, connection closed cleanly (syslog has no other answer)`,
      };
    },
    close: async () => {},
  };
}
