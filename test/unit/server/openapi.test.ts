import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../../src/server/openapi.js';
import { ROUTES } from '../../../src/server/routes/index.js';
import type { Loose } from '../../support/server.js';

describe('OpenAPI document', () => {
  const doc = buildOpenApi(ROUTES, '1.2.3') as Loose;

  it('has one operation per route, with {param} paths and unique operation ids', () => {
    const ops = Object.entries(doc.paths as Record<string, Record<string, Loose>>).flatMap(
      ([p, m]) => Object.entries(m).map(([method, op]) => ({ p, method, op })),
    );
    expect(ops).toHaveLength(ROUTES.length);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    expect(doc.paths['/api/v1/traces/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    expect(Object.keys(doc.paths).some((p) => p.includes(':'))).toBe(false);
  });

  it('uses the same schemas that validate requests, named once under components', () => {
    expect(doc.components.schemas.TraceIngestionRequest.properties.events.items).toEqual({
      $ref: '#/components/schemas/Event',
    });
    expect(doc.components.schemas.AuditEvent.required).toEqual(['agent', 'type']);
    expect(
      doc.paths['/api/v1/events'].post.requestBody.content['application/json'].schema.oneOf[0],
    ).toEqual({
      $ref: '#/components/schemas/AuditEvent',
    });
  });

  it('documents auth and errors: health is public; writes take Idempotency-Key; intake can be 503', () => {
    expect(doc.paths['/api/v1/health'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/health'].get.responses['401']).toBeUndefined();
    const post = doc.paths['/api/v1/traces'].post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409', '413', '429', '503']),
    );
    expect(doc.paths['/api/v1/policies'].put['x-evid-permission']).toBe('admin');
  });

  it('names the credential of receivers that take no bearer token', () => {
    const webhook = doc.paths['/api/v1/sources/{id}/events'].post;
    expect(webhook.security).toEqual([{ webhookSignature: [] }]);
    expect(doc.components.securitySchemes.webhookSignature).toMatchObject({
      in: 'header',
      name: 'X-Evid-Signature',
    });
    expect(doc.paths['/api/v1/traces'].post.security).toBeUndefined(); // the default: bearer
  });

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, Loose>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        where: `${method.toUpperCase()} ${path}`,
        path,
        op,
      })),
    );

  it('lists 413 exactly on the operations that take a request body', () => {
    const wrong = operations()
      .filter(({ op }) => (op.requestBody !== undefined) !== '413' in op.responses)
      .map(({ where }) => where);
    expect(wrong).toEqual([]);
    expect(doc.paths['/api/v1/keys/{id}'].delete.responses['413']).toBeUndefined();
    expect(doc.paths['/api/v1/sources/{id}/events'].post.responses['413']).toBeDefined();
  });

  /** Path parameters that are not an id a handler looks up, each with why. */
  const NO_404: Record<string, string> = {
    'GET /api/v1/compliance/{regulation}': 'regulation is one of four names: another is 400',
  };

  it('documents a 404 on every operation with a parameter in its path, unless excused', () => {
    const missing = operations()
      .filter(
        ({ path, op, where }) =>
          path.includes('{') && !('404' in op.responses) && !(where in NO_404),
      )
      .map(({ where }) => where);
    expect(missing).toEqual([]);
    for (const where of Object.keys(NO_404)) {
      expect(operations().map((o) => o.where)).toContain(where);
    }
    // A download's 404 is a JSON error body, not the download's media type.
    const download = doc.paths['/api/v1/exports/{pack_id}'].get.responses;
    expect(Object.keys(download['200'].content)).toEqual(['application/zip']);
    expect(download['404'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });

  it('the Error schema documents the kill switch of a 503; sign-in refusals say why', () => {
    const error = doc.components.schemas.Error.properties.error;
    expect(error.properties.kill_switch.required).toEqual([
      'scope',
      'agent',
      'reason',
      'actor',
      'since',
    ]);
    expect(error.required).not.toContain('kill_switch');
    const signIn = doc.paths['/api/v1/session'].post.responses;
    for (const status of ['401', '429']) {
      expect(signIn[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
      expect(signIn[status].description).not.toBe('OK');
    }
  });
});
