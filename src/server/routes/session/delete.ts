import { cookieValue, endSession, SESSION_COOKIE } from '../../../auth/sessions.js';
import { defineRoute } from '../../route.js';
import { setSessionCookie } from './cookie.js';

export const sessionDeleteRoute = defineRoute({
  method: 'DELETE',
  url: '/api/v1/session',
  summary: 'dashboard sign-out: ends the session and clears its cookie',
  tag: 'session',
  auth: 'authenticated',
  schema: {
    response: { 200: { type: 'object', properties: { signed_out: { type: 'boolean' } } } },
  },
  handler(req, reply, ctx) {
    const sessionId = cookieValue(req.headers.cookie, SESSION_COOKIE);
    if (req.principal?.kind === 'session' && sessionId) {
      ctx.store.transact((tx) => endSession(tx, sessionId));
    }
    setSessionCookie(req, reply, '', 0);
    return { signed_out: true };
  },
});
