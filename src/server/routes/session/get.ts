import { ForbiddenError } from '../../../errors.js';
import { requireLiveUser } from '../../../admin/users.js';
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
    if (principal.kind !== 'session') {
      throw new ForbiddenError('GET /api/v1/session answers for a dashboard session cookie only');
    }
    const user = ctx.store.read((r) => requireLiveUser(r, principal.id));
    return {
      user: {
        user_id: user.user_id,
        email: user.email,
        role: user.role,
        last_login_at: user.last_login_at,
      },
      csrf_token: principal.csrf,
    };
  },
});
