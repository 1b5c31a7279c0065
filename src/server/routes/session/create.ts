import { SESSION_TTL_MS, signIn } from '../../../auth/sessions.js';
import { defineRoute, errorAnswer } from '../../route.js';
import { sessionAnswer, setSessionCookie } from './cookie.js';

export const sessionCreateRoute = defineRoute({
  method: 'POST',
  url: '/api/v1/session',
  summary: 'dashboard sign-in: e-mail and password of an `evid admin users` user',
  description:
    'Sets the HttpOnly, SameSite=Strict session cookie and answers the CSRF token every write made with it must carry (X-CSRF-Token). Records the login (last_login_at). Five failures for one e-mail within 15 minutes lock it out for the rest of the window (429); at most 30 tries a minute per address.',
  tag: 'session',
  auth: 'public',
  // Each try costs an scrypt (about 32 MiB, tens of ms): at most 30 a minute per address,
  // besides the per-e-mail lockout.
  rateLimit: { max: 30, windowMs: 60_000 },
  schema: {
    body: {
      type: 'object',
      required: ['email', 'password'],
      additionalProperties: false,
      properties: {
        email: { type: 'string', minLength: 1, maxLength: 254 },
        password: { type: 'string', minLength: 1, maxLength: 1024 },
      },
    },
    response: {
      200: sessionAnswer,
      401: errorAnswer('wrong e-mail or password (the same answer for both)'),
      429: errorAnswer(
        'five failed sign-ins for this e-mail within 15 minutes (details say until when), or over 30 tries a minute from this address (Retry-After)',
      ),
    },
  },
  async handler(req, reply, ctx) {
    const body = req.body as { email: string; password: string };
    const session = await signIn(ctx.store, body);
    setSessionCookie(req, reply, session.sessionId, SESSION_TTL_MS / 1000);
    return { user: session.user, csrf_token: session.csrfToken, expires_at: session.expiresAt };
  },
});
