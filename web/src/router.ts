import { useEffect, useState } from 'preact/hooks';

/** Hash routes (`#/traces/tr_1?agent=x`): the server serves one page at `/` only. */
export interface Route {
  path: string[];
  params: URLSearchParams;
}

function current(): Route {
  const hash = location.hash.replace(/^#\/?/, '');
  const [path = '', search = ''] = hash.split('?');
  return {
    path: path.split('/').filter(Boolean).map(decodeURIComponent),
    params: new URLSearchParams(search),
  };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function href(path: string, params: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return `#/${path}${s ? `?${s}` : ''}`;
}

export function go(path: string, params: Record<string, string | undefined> = {}): void {
  location.hash = href(path, params);
}
