import { createReadStream, statSync } from 'node:fs';
import { NotFoundError } from '../../../errors.js';
import { defineRoute, errorAnswer } from '../../route.js';

export const exportsDownloadRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/exports/:pack_id',
  summary: 'download a built evidence pack (zip)',
  description: 'Verify it offline with `audit evidence verify <zip>` (or the verify.mjs inside).',
  tag: 'packs',
  auth: 'read',
  schema: {
    params: {
      type: 'object',
      required: ['pack_id'],
      properties: { pack_id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' } },
    },
    response: {
      200: { type: 'string', format: 'binary', description: 'the pack zip' },
      404: errorAnswer('no pack with this id, or its file is gone'),
    },
  },
  docs: { produces: 'application/zip' },
  async handler(req, reply, ctx) {
    const { getPack } = await import('../../../packs/pack-store.js');
    const { pack_id } = req.params as { pack_id: string };
    const pack = ctx.store.read((r) => getPack(r, pack_id));
    let size: number;
    try {
      size = statSync(pack.path).size;
    } catch {
      throw new NotFoundError(`pack ${pack_id} is recorded but its file is gone (${pack.sha256})`, {
        pack_id,
      });
    }
    return reply
      .type('application/zip')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${pack_id}.zip"`)
      .header('x-content-sha256', pack.sha256)
      .send(createReadStream(pack.path));
  },
});
