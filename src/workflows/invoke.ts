import { spawn } from 'node:child_process';
import type { AgentDef, CommandAgent, HttpAgent } from './schema.js';

/**
 * Running one agent for one step. A command agent gets the step's request as JSON on stdin
 * and answers JSON on stdout, with no shell and only its allow-listed environment; an HTTP
 * agent is an OpenAI-compatible chat endpoint or a plain JSON endpoint. Every way it can go
 * wrong (exit code, timeout, garbage, HTTP error, stop) is an AgentFailure with its kind.
 */

export interface ModelCall {
  model: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  cost: number | null;
}

export interface ToolCall {
  name: string;
  arguments: unknown;
  result: unknown;
}

export interface AgentAnswer {
  output: unknown;
  model_calls: ModelCall[];
  tool_calls: ToolCall[];
}

export type FailureKind = 'timeout' | 'exit' | 'bad_output' | 'http' | 'stopped' | 'spawn';

export class AgentFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface StepRequest {
  execution_id: string;
  workflow: string;
  step: string;
  input: unknown;
}

const MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

export function invokeAgent(
  agent: AgentDef,
  request: StepRequest,
  signal: AbortSignal,
): Promise<AgentAnswer> {
  return agent.type === 'command'
    ? runCommand(agent, request, signal)
    : callHttp(agent, request, signal);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : v === undefined || v === null ? null : JSON.stringify(v);

/** `{"output": ..., "model_calls": [...], "tool_calls": [...]}`, or any other JSON as the output. */
export function readAnswer(value: unknown): AgentAnswer {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('output' in value)) {
    return { output: value, model_calls: [], tool_calls: [] };
  }
  const v = value as Record<string, unknown>;
  const list = (x: unknown, field: string): Record<string, unknown>[] => {
    if (x === undefined) return [];
    if (!Array.isArray(x) || x.some((i) => typeof i !== 'object' || i === null)) {
      throw new AgentFailure('bad_output', `${field}: must be a list of objects`);
    }
    return x as Record<string, unknown>[];
  };
  return {
    output: v.output,
    model_calls: list(v.model_calls, 'model_calls').map((m) => ({
      model: str(m.model),
      prompt: str(m.prompt),
      completion: str(m.completion),
      tokens_prompt: num(m.tokens_prompt),
      tokens_completion: num(m.tokens_completion),
      cost: num(m.cost),
    })),
    tool_calls: list(v.tool_calls, 'tool_calls').map((t) => ({
      name: typeof t.name === 'string' ? t.name : 'tool',
      arguments: t.arguments ?? null,
      result: t.result ?? null,
    })),
  };
}

function agentEnv(agent: CommandAgent): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', ...agent.env]) {
    const v = process.env[name];
    if (v !== undefined) env[name] = v;
  }
  return env;
}

function runCommand(
  agent: CommandAgent,
  request: StepRequest,
  signal: AbortSignal,
): Promise<AgentAnswer> {
  return new Promise((resolve, reject) => {
    // `node` is the running Node, so an agent works the same under nvm or a bare PATH.
    const [program, ...args] = agent.command;
    const child = spawn(program === 'node' ? process.execPath : program!, args, {
      cwd: agent.cwd,
      env: agentEnv(agent),
      shell: false,
      // Its own process group: ending the agent ends whatever it started too.
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let ended: AgentFailure | undefined;
    const end = (failure: AgentFailure): void => {
      if (ended) return;
      ended = failure;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () =>
        end(
          new AgentFailure('timeout', `agent ${agent.name} timed out after ${agent.timeout_ms} ms`),
        ),
      agent.timeout_ms,
    );
    const onAbort = (): void =>
      end(
        new AgentFailure(
          'stopped',
          `agent ${agent.name} stopped: ${String(signal.reason ?? 'stopped')}`,
        ),
      );
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) {
        end(
          new AgentFailure(
            'bad_output',
            `agent ${agent.name} wrote more than ${MAX_OUTPUT_BYTES} bytes`,
          ),
        );
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64) err.push(chunk);
    });
    child.stdin.on('error', () => undefined); // an agent that never reads its input
    child.stdin.end(JSON.stringify(request));
    child.on('error', (e) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      reject(new AgentFailure('spawn', `agent ${agent.name} could not start: ${e.message}`));
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (ended) return reject(ended);
      if (code !== 0) {
        const stderr = Buffer.concat(err).toString('utf8').trim().slice(-500);
        return reject(
          new AgentFailure(
            'exit',
            `agent ${agent.name} exited with ${code ?? sig}${stderr ? `: ${stderr}` : ''}`,
          ),
        );
      }
      const text = Buffer.concat(out).toString('utf8');
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return reject(
          new AgentFailure(
            'bad_output',
            `agent ${agent.name} did not answer JSON on stdout: ${JSON.stringify(text.slice(0, 200))}`,
          ),
        );
      }
      try {
        resolve(readAnswer(value));
      } catch (e) {
        reject(e as Error);
      }
    });
  });
}

const asText = (input: unknown): string =>
  typeof input === 'string' ? input : JSON.stringify(input);

async function callHttp(
  agent: HttpAgent,
  request: StepRequest,
  signal: AbortSignal,
): Promise<AgentAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = agent.api_key_env ? process.env[agent.api_key_env] : undefined;
  if (key) headers.authorization = `Bearer ${key}`;
  const prompt = asText(request.input);
  const body =
    agent.protocol === 'openai'
      ? {
          model: agent.model,
          messages: [
            ...(agent.system ? [{ role: 'system', content: agent.system }] : []),
            { role: 'user', content: prompt },
          ],
        }
      : request;
  const timeout = AbortSignal.timeout(agent.timeout_ms);
  let res: Response;
  try {
    res = await fetch(agent.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (e) {
    if (signal.aborted)
      throw new AgentFailure('stopped', `agent ${agent.name} stopped: ${String(signal.reason)}`);
    if (timeout.aborted)
      throw new AgentFailure(
        'timeout',
        `agent ${agent.name} timed out after ${agent.timeout_ms} ms`,
      );
    throw new AgentFailure('http', `agent ${agent.name} at ${agent.url}: ${(e as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) {
    throw new AgentFailure(
      'http',
      `agent ${agent.name} answered HTTP ${res.status}: ${text.slice(0, 200)}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AgentFailure('bad_output', `agent ${agent.name} did not answer JSON`);
  }
  if (agent.protocol === 'json') return readAnswer(value);
  const v = value as {
    model?: string;
    choices?: Array<{ message?: { content?: unknown } }>;
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  const content = v.choices?.[0]?.message?.content;
  if (typeof content !== 'string') {
    throw new AgentFailure(
      'bad_output',
      `agent ${agent.name}: no choices[0].message.content in the answer`,
    );
  }
  return {
    output: content,
    model_calls: [
      {
        model: v.model ?? agent.model,
        prompt,
        completion: content,
        tokens_prompt: num(v.usage?.prompt_tokens),
        tokens_completion: num(v.usage?.completion_tokens),
        cost: null,
      },
    ],
    tool_calls: [],
  };
}
