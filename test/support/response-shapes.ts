import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { api, type Loose } from './server.js';

/**
 * Checks real answers against the response schemas of a served OpenAPI document, in both
 * directions: each answer must be documented for its status and valid against its schema
 * (closed objects refuse keys they do not list), and every property a schema declares must
 * turn up in at least one answer the test saw. A schema is walked by "location": a named
 * component is one location wherever it is used (a Source in a list or alone), anything
 * else is `<METHOD path status>` plus the property path (`.keys[]`, `.progress`).
 */
const BASE = 'https://evid.test/components';
/** Not the subject of these checks: the shared error body and the ingest request's event. */
const NOT_WALKED = new Set(['Error', 'Event']);

type Schema = Record<string, Loose>;

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      k === '$ref' && typeof v === 'string'
        ? v.replace('#/components/schemas/', `${BASE}#/$defs/`)
        : rewriteRefs(v);
  }
  return out;
}

const typesOf = (s: Schema): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return Number.isInteger(v) ? 'integer' : typeof v;
}

export class ResponseShapes {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  /** location -> properties seen in some answer. */
  private readonly seen = new Map<string, Set<string>>();
  /** `METHOD path status` of every answer checked. */
  readonly answered = new Set<string>();

  constructor(readonly doc: Loose) {
    this.ajv.addSchema({ $id: BASE, $defs: rewriteRefs(doc.components.schemas) });
  }

  /** The schema of one documented answer, or undefined when the status is not documented. */
  schemaOf(method: string, path: string, status: number): Schema | undefined {
    const answer = this.doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)];
    return answer?.content?.['application/json']?.schema;
  }

  /** Problems with one real answer: undocumented status, or the schema's validation errors. */
  check(method: string, path: string, status: number, body: unknown): string[] {
    const where = `${method} ${path} ${status}`;
    const schema = this.schemaOf(method, path, status);
    if (!schema) return [`${where}: status not documented`];
    this.answered.add(where);
    let validate = this.validators.get(where);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as object);
      this.validators.set(where, validate);
    }
    this.walkValue(schema, body, where);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${where}: ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }

  /** Every `location.property` a 2xx schema of these operations declares but no answer had. */
  unseen(operations: Array<{ method: string; path: string; status: string }>): string[] {
    const declared = new Map<string, Set<string>>();
    for (const { method, path, status } of operations) {
      const schema = this.schemaOf(method, path, Number(status))!;
      this.walkSchema(schema, `${method} ${path} ${status}`, declared, new Set());
    }
    const out: string[] = [];
    for (const [loc, props] of declared) {
      for (const p of props) if (!this.seen.get(loc)?.has(p)) out.push(`${loc}.${p}`);
    }
    return out.sort();
  }

  /** Locations with declared properties under one answer's schema (empty: a loose schema). */
  declaredUnder(method: string, path: string, status: number): string[] {
    const declared = new Map<string, Set<string>>();
    const schema = this.schemaOf(method, path, status);
    if (schema) this.walkSchema(schema, `${method} ${path} ${status}`, declared, new Set());
    return [...declared.keys()];
  }

  private resolve(schema: Schema, loc: string): { schema: Schema; loc: string } | undefined {
    if (typeof schema.$ref !== 'string') return { schema, loc };
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (NOT_WALKED.has(name)) return undefined;
    return { schema: this.doc.components.schemas[name], loc: name };
  }

  private walkValue(raw: Schema, value: unknown, at: string): void {
    const r = this.resolve(raw, at);
    if (!r) return;
    const { schema, loc } = r;
    const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (branches) {
      // Walk the branch the value's type belongs to; of two objects (a dry run or the
      // export response), the first whose required members the value all has.
      const t = jsonType(value);
      const fits = branches.filter((b) => {
        const inner = this.resolve(b, loc);
        const types = inner ? typesOf(inner.schema) : [];
        return types.includes(t) || (t === 'integer' && types.includes('number'));
      });
      const has = (b: Schema): boolean => {
        const required = (this.resolve(b, loc)?.schema.required ?? []) as string[];
        return required.every((k) => Object.hasOwn(value as object, k));
      };
      const branch = t === 'object' ? (fits.find(has) ?? fits[0]) : fits[0];
      if (branch) this.walkValue(branch, value, loc);
      return;
    }
    if (Array.isArray(value) && schema.items) {
      for (const item of value) this.walkValue(schema.items, item, `${loc}[]`);
      return;
    }
    if (value && typeof value === 'object' && schema.properties) {
      const seen = this.seen.get(loc) ?? new Set<string>();
      this.seen.set(loc, seen);
      for (const [k, v] of Object.entries(value)) {
        seen.add(k);
        if (schema.properties[k]) this.walkValue(schema.properties[k], v, `${loc}.${k}`);
      }
    }
  }

  private walkSchema(
    raw: Schema,
    at: string,
    declared: Map<string, Set<string>>,
    visiting: Set<string>,
  ): void {
    const r = this.resolve(raw, at);
    if (!r || visiting.has(r.loc)) return;
    const { schema, loc } = r;
    visiting.add(loc);
    for (const b of (schema.oneOf ?? schema.anyOf ?? []) as Schema[]) {
      this.walkSchema(b, loc, declared, visiting);
    }
    if (schema.items) this.walkSchema(schema.items, `${loc}[]`, declared, visiting);
    if (schema.properties) {
      const props = declared.get(loc) ?? new Set<string>();
      declared.set(loc, props);
      for (const [k, sub] of Object.entries(schema.properties as Record<string, Schema>)) {
        props.add(k);
        this.walkSchema(sub, `${loc}.${k}`, declared, visiting);
      }
    }
    visiting.delete(loc);
  }
}

/** api()'s options but the method, for checkedCall. */
export type CheckedCallOptions = Omit<NonNullable<Parameters<typeof api>[2]>, 'method'>;

/**
 * One request to the server at `url`; its answer is checked against the document under the
 * path as documented (`/api/v1/sources/{id}`), and what is wrong is pushed to `problems`.
 */
export async function checkedCall(
  shapes: ResponseShapes,
  problems: string[],
  url: string,
  method: string,
  documented: string,
  path: string,
  options: CheckedCallOptions = {},
): Promise<{ status: number; body: Loose }> {
  const r = await api(url, path, { method, ...options });
  problems.push(...shapes.check(method, documented, r.status, r.body));
  return r;
}
