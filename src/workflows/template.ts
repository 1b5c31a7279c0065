/**
 * How input flows between steps: a step's `input` is a template in which a string
 * `$input`, `$previous` or `$steps.<name>.output`, optionally followed by `.key` path
 * parts, is replaced by that value; `$$...` is the literal text `$...`; anything else is
 * kept as written. Objects and lists are resolved member by member.
 */

export interface Scope {
  input: unknown;
  previous: unknown;
  steps: Record<string, { output: unknown }>;
}

export class TemplateError extends Error {}

function lookup(ref: string, scope: Scope): unknown {
  const [head, ...path] = ref.split('.');
  let value: unknown;
  if (head === 'input') value = scope.input;
  else if (head === 'previous') value = scope.previous;
  else if (head === 'steps') {
    const step = path.shift();
    if (step === undefined || !(step in scope.steps)) {
      throw new TemplateError(`$${ref}: no earlier step named ${step ?? '(none)'}`);
    }
    value = scope.steps[step];
  } else throw new TemplateError(`$${ref}: must start with $input, $previous or $steps`);
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !(key in value)) {
      throw new TemplateError(`$${ref}: no field ${key}`);
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function resolveTemplate(template: unknown, scope: Scope): unknown {
  if (typeof template === 'string') {
    if (template.startsWith('$$')) return template.slice(1);
    return template.startsWith('$') ? lookup(template.slice(1), scope) : template;
  }
  if (Array.isArray(template)) return template.map((t) => resolveTemplate(t, scope));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(
      Object.entries(template).map(([k, v]) => [k, resolveTemplate(v, scope)]),
    );
  }
  return template;
}
