import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../auth/sessions.js';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Path=/ and Secure when the request came over TLS. `maxAge` 0 clears it.
 */
export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
): void {
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (req.protocol === 'https') parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
}

export const sessionAnswer = {
  type: 'object',
  required: ['user', 'csrf_token'],
  properties: {
    user: {
      type: 'object',
      properties: {
        user_id: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string', enum: ['viewer', 'analyst', 'admin'] },
        last_login_at: { type: ['string', 'null'], description: 'the previous sign-in' },
      },
    },
    csrf_token: {
      type: 'string',
      description: 'send it as X-CSRF-Token on every write made with the session cookie',
    },
    expires_at: { type: 'string' },
  },
} as const;
