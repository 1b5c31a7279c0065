import { ValidationError } from '../../../errors.js';
import { storeActingAs } from '../../acting-store.js';
import { timeBound } from '../../query.js';
import { defineRoute } from '../../route.js';

interface Body {
  format?: 'json' | 'html' | 'pdf';
  last?: string;
  window_days?: number;
  since?: string;
  until?: string;
  session?: string;
  include_controls?: boolean;
  pack_id?: string;
}

const DURATION = /^(\d+)([smhdw])$/;
const UNIT_MS: Record<string, number> = { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7, w: 6.048e8 };

/** The window of `evid pack` (--last / --since / --until / --session), from the body. */
function filterOf(
  b: Body,
  now: Date,
): { since: string | null; until: string | null; session: string | null } {
  const session = b.session ?? null;
  const given = [b.last, b.window_days, b.since].filter((v) => v !== undefined).length;
  if (given > 1) {
    throw new ValidationError('last: give one of last, window_days or since', { field: 'last' });
  }
  let since: string | null = null;
  if (b.last !== undefined) {
    const m = DURATION.exec(b.last.trim());
    if (!m)
      throw new ValidationError(
        `last: expected a duration such as 24h, 7d or 2w (got "${b.last}")`,
        { field: 'last' },
      );
    since = new Date(now.getTime() - Number(m[1]) * UNIT_MS[m[2]!]!).toISOString();
  } else if (b.window_days !== undefined) {
    since = new Date(now.getTime() - b.window_days * UNIT_MS.d!).toISOString();
  } else if (b.since !== undefined) {
    since = timeBound(b.since, 'since', now)!;
  } else if (session === null) {
    since = new Date(now.getTime() - 30 * UNIT_MS.d!).toISOString();
  }
  const until =
    b.until !== undefined
      ? timeBound(b.until, 'until', now)!
      : session === null || since !== null
        ? now.toISOString()
        : null;
  if (since !== null && until !== null && since > until) {
    throw new ValidationError(`since: the window is empty (${since} is after ${until})`, {
      field: 'since',
    });
  }
  return { since, until, session };
}

export const packsBuildRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/packs',
  summary:
    'build an evidence pack (the same builder as `evid pack` / `audit evidence build`; ledgered)',
  description:
    'Window: last (duration), window_days, or since/until (default: the last 30 days); or one session. The zip is then at GET /api/v1/exports/{pack_id}.',
  tag: 'packs',
  auth: 'review',
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      properties: {
        format: {
          type: 'string',
          enum: ['json', 'html', 'pdf'],
          description: 'report inside the pack (default json)',
        },
        last: { type: 'string', maxLength: 16, description: 'window ending now: 24h, 7d, 2w' },
        window_days: { type: 'integer', minimum: 1, maximum: 3650 },
        since: { type: 'string', maxLength: 64 },
        until: { type: 'string', maxLength: 64 },
        session: {
          type: 'string',
          minLength: 1,
          maxLength: 256,
          description: 'trace_id or session_id',
        },
        include_controls: { type: 'boolean' },
        pack_id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
      },
    },
    response: {
      201: { type: 'object', description: 'the built pack (manifest facts) and its download_url' },
    },
  },
  async handler(req, reply, ctx) {
    const body = (req.body ?? {}) as Body;
    const now = new Date();
    const filter = filterOf(body, now);
    const { buildPack } = await import('../../../packs/build.js');
    const built = await buildPack(storeActingAs(ctx.store, req.principal!.actor), {
      filter,
      format: body.format ?? 'json',
      includeControls: body.include_controls ?? false,
      ...(body.pack_id ? { packId: body.pack_id } : {}),
      now,
      generator: `evid ${ctx.version}`,
    });
    const { path: _path, ...rest } = built;
    const download = `/api/v1/exports/${built.pack_id}`;
    reply.code(201).header('location', download);
    return { ...rest, download_url: download };
  },
});
