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
});
