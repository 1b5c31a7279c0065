import { buildOpenApi } from '../../openapi.js';
import { defineRoute } from '../../route.js';

export const openapiRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/openapi.json',
  summary: 'this API as an OpenAPI 3.1 document, made from the schemas that validate requests',
  tag: 'meta',
  auth: 'authenticated',
  schema: { response: { 200: { type: 'object', description: 'OpenAPI 3.1 document' } } },
  handler(_req, _reply, ctx) {
    return buildOpenApi(ctx.routes, ctx.version);
  },
});
