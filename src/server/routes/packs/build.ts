import { ConflictError, ValidationError } from '../../../errors.js';
import type { BuiltPack } from '../../../packs/build.js';
import { storeActingAs } from '../../acting-store.js';
import { jobUrl, prefersAsync, showJob, startJob } from '../../jobs.js';
import { timeBound } from '../../query.js';
import { defineRoute } from '../../route.js';
import { jobSchema } from '../jobs/schema.js';
import { builtPackSchema } from './schema.js';

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
    'Window: last (duration), window_days, or since/until (default: the last 30 days); or one session. The zip is then at GET /api/v1/exports/{pack_id}. With `Prefer: respond-async` the answer is 202 with the build job (poll its status_url, GET /api/v1/jobs/{id}, for progress; its result_url is the download).',
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
      201: builtPackSchema,
      202: {
        ...jobSchema,
        description: 'with Prefer: respond-async: the job (see GET /api/v1/jobs/{id})',
      },
    },
  },
  async handler(req, reply, ctx) {
    const body = (req.body ?? {}) as Body;
    const now = new Date();
    const filter = filterOf(body, now);
    const [{ buildPack }, { packExists }] = await Promise.all([
      import('../../../packs/build.js'),
      import('../../../packs/pack-store.js'),
    ]);
    const packId = body.pack_id;
    // Checked before the job starts so an async build is refused at once, not later.
    if (packId && ctx.store.read((r) => packExists(r, packId))) {
      throw new ConflictError(`pack ${packId} already exists`, { pack_id: packId });
    }
    const shown = (built: BuiltPack) => {
      const { path: _path, ...rest } = built;
      return { ...rest, download_url: `/api/v1/exports/${built.pack_id}` };
    };
    const { job, finished } = startJob(ctx, {
      kind: 'pack',
      owner: req.principal!.id,
      log: req.log,
      run: (progress) =>
        buildPack(storeActingAs(ctx.store, req.principal!.actor), {
          filter,
          format: body.format ?? 'json',
          includeControls: body.include_controls ?? false,
          ...(packId ? { packId } : {}),
          now,
          generator: `evid ${ctx.version}`,
          onProgress: progress,
        }),
      outcome: (built) => ({ url: shown(built).download_url }),
    });
    if (prefersAsync(req.headers.prefer)) {
      reply.code(202).header('location', jobUrl(job.id));
      return showJob(job);
    }
    const pack = shown(await finished);
    reply.code(201).header('location', pack.download_url);
    return { ...pack, job_id: job.id };
  },
});
