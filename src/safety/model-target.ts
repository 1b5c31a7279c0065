import { ValidationError } from '../errors.js';
import { getSource } from '../sources/registry.js';
import type { Reader } from '../store/store.js';

/**
 * What `model_url` names (docs/safety-models.md "model_url"):
 * - an OpenAI-compatible base URL, the model name in the fragment or a `model` query
 *   parameter: `http://127.0.0.1:8000/v1#model=gpt-x`, `https://host/v1?model=gpt-x`
 *   (the fragment is never sent; the `model` parameter is taken off the URL);
 * - a gateway source id, `src_...#model=gpt-x`: the call goes to that source's upstream and
 *   is recorded against the source, like any call through the gateway.
 * Without a model name the request says `default` (servers that host one model ignore it).
 */
export interface ModelTarget {
  /** Base URL without a trailing slash; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** The gateway source the calls are recorded against, when model_url named one. */
  sourceId: string | null;
  /** model_url as given, minus nothing secret (credentials in a URL are refused). */
  label: string;
}

export const DEFAULT_MODEL = 'default';
const SOURCE_ID = /^src_[0-9A-Z]{26}$/;

const bad = (field: string, rule: string): never => {
  throw new ValidationError(`${field}: ${rule}`, { field, rule });
};

export function parseModelUrl(r: Reader, value: string, field = 'model_url'): ModelTarget {
  const hash = value.indexOf('#');
  const head = hash < 0 ? value : value.slice(0, hash);
  const fragment = new URLSearchParams(hash < 0 ? '' : value.slice(hash + 1));
  if (SOURCE_ID.test(head)) {
    const source = getSource(r, head);
    if (source.type !== 'gateway' || !source.endpoint) {
      bad(field, `source ${head} is not a gateway source (its type is ${source.type})`);
    }
    return {
      baseUrl: (source.endpoint as string).replace(/\/+$/, ''),
      model: fragment.get('model') || DEFAULT_MODEL,
      sourceId: head,
      label: value,
    };
  }
  let url: URL;
  try {
    url = new URL(head);
  } catch {
    return bad(
      field,
      'must be an http(s) base URL such as http://host/v1#model=name, or a gateway source id',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    bad(field, 'must use http or https');
  }
  if (url.username || url.password) {
    bad(field, 'must not carry credentials (set EVID_MODEL_API_KEY instead)');
  }
  const model = fragment.get('model') || url.searchParams.get('model') || DEFAULT_MODEL;
  url.searchParams.delete('model');
  const base = url.toString().replace(/\/+$/, '').replace(/\/\?/, '?');
  return { baseUrl: base, model, sourceId: null, label: value };
}
