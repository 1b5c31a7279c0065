import { pageOf } from '../../query.js';
import { defineRoute, listResponse, pageQuery } from '../../route.js';
import { packListItemSchema } from './schema.js';

export const packsListRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/packs',
  summary: 'list built evidence packs, newest first (as `audit evidence list`)',
  tag: 'packs',
  auth: 'read',
  schema: {
    querystring: { type: 'object', additionalProperties: false, properties: { ...pageQuery } },
    response: { 200: listResponse('packs', 'a page of packs', packListItemSchema) },
  },
  async handler(req, _reply, ctx) {
    const { listPacks } = await import('../../../packs/pack-store.js');
    const { limit, offset } = pageOf(req.query as Record<string, number>);
    const { packs, total } = ctx.store.read((r) => listPacks(r, limit, offset));
    return {
      packs: packs.map(({ path: _path, ...p }) => ({
        ...p,
        download_url: `/api/v1/exports/${p.pack_id}`,
      })),
      total,
      page: Math.floor(offset / limit) + 1,
      page_size: limit,
      offset,
    };
  },
});
