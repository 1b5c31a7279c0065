import type { RouteDef } from './route.js';

/**
 * Seed 000 answers a known path asked with a method it does not serve with 405 (and an
 * Allow header), not 404. fastify routes by method first, so the not-found handler asks
 * this matcher whether another method serves the path.
 */
export function methodMatcher(routes: readonly RouteDef[]): (path: string) => string[] {
  const patterns = routes.map((r) => ({
    method: r.method,
    regex: new RegExp(
      `^${r.url
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
        .join('/')}/?$`,
    ),
  }));
  return (path) => {
    const methods = new Set<string>();
    for (const p of patterns) if (p.regex.test(path)) methods.add(p.method);
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
