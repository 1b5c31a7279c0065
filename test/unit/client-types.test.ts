import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypes } from '../../scripts/client-types.mjs';
import { defineRoute } from '../../src/server/route.js';
import { buildOpenApi } from '../../src/server/openapi.js';
import { ROUTES } from '../../src/server/routes/index.js';
import { ROOT } from '../support/cli.js';

// Issue 17, item 4: the typed client's committed types are exactly what openapi-typescript
// makes of the server's OpenAPI document; a route changed without `npm run client:generate`
// fails here.

describe('src/client/openapi.ts', () => {
  it('matches the OpenAPI document of the routes served', async () => {
    const committed = readFileSync(join(ROOT, CLIENT_TYPES_FILE), 'utf8');
    expect(committed).toBe(await clientTypes(buildOpenApi(ROUTES, '0.0.0')));
  });

  it('would drift with one more route (the check is sensitive)', async () => {
    const extra = defineRoute({
      method: 'GET',
      url: '/v1/extra',
      summary: 'not served',
      tag: 'execution',
      auth: 'read',
      handler: () => ({}),
    });
    const committed = readFileSync(join(ROOT, CLIENT_TYPES_FILE), 'utf8');
    const changed = await clientTypes(buildOpenApi([...ROUTES, extra], '0.0.0'));
    expect(changed).not.toBe(committed);
    expect(changed).toContain('"/v1/extra"');
  });
});
