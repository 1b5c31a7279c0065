import { createDetector } from '../detect/engine.js';
import { livePolicy } from '../detect/live-policy.js';
import { redactText } from '../detect/redact.js';
import type { Store } from '../store/store.js';

/**
 * An execution row keeps its input and result (the API answers with them). When the live
 * policy says `redact_content`, PII and secret spans in their strings are replaced, as the
 * trace's events are: the policy's promise holds for every copy the store keeps. The run
 * itself works on the values as given.
 */
export function redactForStorage(store: Store): (value: unknown) => unknown {
  const { policy } = store.read((r) => livePolicy(r));
  if (!policy.redact_content) return (value) => value;
  const detector = createDetector(policy);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const found = detector.scanEvent([{ field: 'prompt', text: value }]);
      return found.length === 0
        ? value
        : redactText(value, found, { categories: ['pii', 'secret'] });
    }
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  return walk;
}
