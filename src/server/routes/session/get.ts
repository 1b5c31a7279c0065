import { requireLiveUser } from '../../../admin/users.js';
import { cookieValue, resolveSession, SESSION_COOKIE } from '../../../auth/sessions.js';
import { ForbiddenError } from '../../../errors.js';
import { defineRoute } from '../../route.js';
import { sessionAnswer } from './cookie.js';

export const sessionGetRoute = defineRoute({
  method: 'GET',
  url: '/api/v1/session',
  summary: 'the signed-in dashboard user and the session CSRF token',
  tag: 'session',
  auth: 'authenticated',
  schema: { response: { 200: sessionAnswer } },
  handler(req, _reply, ctx) {
    const principal = req.principal!;
    const sessionId = cookieValue(req.headers.cookie, SESSION_COOKIE);
    if (principal.kind !== 'session' || !sessionId) {
      throw new ForbiddenError('GET /api/v1/session answers for a dashboard session cookie only');
    }
    return ctx.store.read((r) => {
      const user = resolveSession(r, sessionId, new Date());
      const local = user.user_id.startsWith('usr_') ? requireLiveUser(r, user.user_id) : undefined;
      return {
        user: { ...user, last_login_at: local?.last_login_at ?? null },
        csrf_token: principal.csrf,
      };
    });
  },
});
