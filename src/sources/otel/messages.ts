import type { OtelSpan } from './decode.js';

/**
 * The texts of a model call, from whichever convention carried them, rendered one message a
 * line as `role: text` (what the detectors scan and a reader of `traces get` sees):
 * - GenAI JSON: `gen_ai.system_instructions`, `gen_ai.input.messages`,
 *   `gen_ai.output.messages` (`{role, parts: [{type: text|tool_call|tool_call_response}]}`);
 * - GenAI flat (older instrumentations): `gen_ai.prompt.N.role/.content`,
 *   `gen_ai.completion.N.role/.content`, and the per-message span events
 *   (`gen_ai.system.message`, `gen_ai.user.message`, ..., `gen_ai.choice`);
 * - OpenInference: `llm.input_messages.N.message.role/.content`,
 *   `llm.output_messages.N.message...`, else `input.value` / `output.value`;
 * - Traceloop: `traceloop.entity.input` / `.output`.
 */

type Attrs = Record<string, unknown>;

export interface ToolCall {
  id?: string;
  name: string;
  arguments: string;
}

export interface Output {
  text: string | undefined;
  toolCalls: ToolCall[];
}

const str = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

interface Rendered {
  lines: string[];
  calls: ToolCall[];
}

/** GenAI message JSON (an array of {role, parts} or {role, content}) as lines and calls. */
function renderMessages(value: unknown): Rendered | undefined {
  const parsed = parseJson(value);
  if (typeof parsed === 'string') return parsed === '' ? undefined : { lines: [parsed], calls: [] };
  if (!Array.isArray(parsed)) return undefined;
  const out: Rendered = { lines: [], calls: [] };
  for (const m of parsed) {
    if (!m || typeof m !== 'object') continue;
    const msg = m as Attrs;
    const role = str(msg.role) || 'message';
    const parts = Array.isArray(msg.parts) ? (msg.parts as Attrs[]) : [];
    if (parts.length === 0 && msg.content !== undefined)
      out.lines.push(`${role}: ${str(msg.content)}`);
    for (const p of parts) {
      if (!p || typeof p !== 'object') continue;
      if (p.type === 'text') out.lines.push(`${role}: ${str(p.content)}`);
      else if (p.type === 'tool_call') {
        const call = {
          name: str(p.name),
          arguments: str(p.arguments),
          ...(p.id ? { id: str(p.id) } : {}),
        };
        out.calls.push(call);
        out.lines.push(`${role}: tool_call ${call.name}(${call.arguments})`);
      } else if (p.type === 'tool_call_response') {
        out.lines.push(`${role}: tool_result ${str(p.response ?? p.result)}`);
      } else if (p.content !== undefined) out.lines.push(`${role}: ${str(p.content)}`);
    }
  }
  return out;
}

/** Indexed flat attributes (`prefix.N.suffix`) as an ordered list of {suffix: value}. */
function indexed(attrs: Attrs, prefix: string): Array<Record<string, unknown>> {
  const rows: Array<Record<string, unknown>> = [];
  for (const [k, v] of Object.entries(attrs)) {
    if (!k.startsWith(prefix)) continue;
    const m = /^(\d+)\.(.+)$/.exec(k.slice(prefix.length));
    if (!m) continue;
    const row = (rows[Number(m[1])] ??= {});
    row[m[2]!] = v;
  }
  return rows.filter((r) => r !== undefined);
}

function flatLines(attrs: Attrs, prefix: string, defaultRole: string): Rendered | undefined {
  const rows = indexed(attrs, prefix);
  if (rows.length === 0) return undefined;
  const out: Rendered = { lines: [], calls: [] };
  for (const r of rows) {
    const role = str(r.role ?? r['message.role']) || defaultRole;
    const content = r.content ?? r['message.content'];
    if (content !== undefined) out.lines.push(`${role}: ${str(content)}`);
    // OpenInference: message.tool_calls.M.tool_call.function.name / .arguments
    const calls = indexed(r, 'message.tool_calls.');
    for (const c of calls) {
      const name = str(c['tool_call.function.name']);
      if (!name) continue;
      const call = {
        name,
        arguments: str(c['tool_call.function.arguments']),
        ...(c['tool_call.id'] ? { id: str(c['tool_call.id']) } : {}),
      };
      out.calls.push(call);
      out.lines.push(`${role}: tool_call ${call.name}(${call.arguments})`);
    }
    // GenAI flat completions: gen_ai.completion.N.tool_calls.M.name / .arguments
    for (const c of indexed(r, 'tool_calls.')) {
      if (!c.name) continue;
      const call = {
        name: str(c.name),
        arguments: str(c.arguments),
        ...(c.id ? { id: str(c.id) } : {}),
      };
      out.calls.push(call);
      out.lines.push(`${role}: tool_call ${call.name}(${call.arguments})`);
    }
  }
  return out;
}

/** The deprecated per-message span events. */
function eventLines(span: OtelSpan, output: boolean): Rendered | undefined {
  const out: Rendered = { lines: [], calls: [] };
  for (const e of span.events) {
    const isChoice = e.name === 'gen_ai.choice';
    if (!e.name.startsWith('gen_ai.') || isChoice !== output) continue;
    const m = /^gen_ai\.(\w+)\.message$/.exec(e.name);
    const role = str(e.attributes.role) || (m ? m[1]! : 'assistant');
    const body = parseJson(e.attributes.content ?? e.attributes.message ?? e.attributes.body);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const b = body as Attrs;
      if (b.content !== undefined) out.lines.push(`${role}: ${str(b.content)}`);
      const calls = Array.isArray(b.tool_calls) ? (b.tool_calls as Attrs[]) : [];
      for (const c of calls) {
        const fn = (c.function ?? {}) as Attrs;
        const call = {
          name: str(fn.name),
          arguments: str(fn.arguments),
          ...(c.id ? { id: str(c.id) } : {}),
        };
        out.calls.push(call);
      }
    } else if (body !== undefined) out.lines.push(`${role}: ${str(body)}`);
  }
  return out.lines.length || out.calls.length ? out : undefined;
}

function join(parts: Array<Rendered | undefined>): Rendered | undefined {
  const present = parts.filter((p): p is Rendered => p !== undefined);
  if (present.length === 0) return undefined;
  return { lines: present.flatMap((p) => p.lines), calls: present.flatMap((p) => p.calls) };
}

export function inputText(span: OtelSpan): string | undefined {
  const a = span.attributes;
  const system = a['gen_ai.system_instructions'];
  const rendered =
    join([
      system !== undefined ? renderSystem(system) : undefined,
      renderMessages(a['gen_ai.input.messages']),
    ]) ??
    flatLines(a, 'gen_ai.prompt.', 'user') ??
    flatLines(a, 'llm.input_messages.', 'user') ??
    eventLines(span, false);
  if (rendered) return rendered.lines.join('\n');
  const raw = a['input.value'] ?? a['traceloop.entity.input'];
  return raw === undefined ? undefined : str(raw);
}

function renderSystem(value: unknown): Rendered {
  const parsed = parseJson(value);
  if (Array.isArray(parsed)) {
    return {
      lines: parsed.map((p) => `system: ${str((p as Attrs)?.content ?? p)}`),
      calls: [],
    };
  }
  return { lines: [`system: ${str(parsed)}`], calls: [] };
}

export function outputParts(span: OtelSpan): Output {
  const a = span.attributes;
  const rendered =
    renderMessages(a['gen_ai.output.messages']) ??
    flatLines(a, 'gen_ai.completion.', 'assistant') ??
    flatLines(a, 'llm.output_messages.', 'assistant') ??
    eventLines(span, true);
  if (rendered) return { text: rendered.lines.join('\n') || undefined, toolCalls: rendered.calls };
  const raw = a['output.value'] ?? a['traceloop.entity.output'];
  return { text: raw === undefined ? undefined : str(raw), toolCalls: [] };
}
