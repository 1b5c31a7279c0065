import { isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ValidationError } from '../errors.js';
import { SEVERITIES, type Severity } from '../detect/types.js';

/**
 * The workflow file (docs/workflows.md): YAML or JSON, naming the agents it brings, the
 * steps over agents, how input flows between steps, limits and the blocking severity.
 * A file is refused whole on its first problem, naming the field and the rule it breaks.
 */

export interface CommandAgent {
  name: string;
  type: 'command';
  description: string;
  capabilities: string[];
  /** argv; never run through a shell. */
  command: string[];
  /** Absolute: relative commands resolve from the workflow file's directory. */
  cwd: string;
  /** Environment variables passed through (PATH always is); nothing else is inherited. */
  env: string[];
  timeout_ms: number;
}

export interface HttpAgent {
  name: string;
  type: 'http';
  description: string;
  capabilities: string[];
  url: string;
  /** `openai`: a chat-completions endpoint; `json`: POST the input, JSON answer. */
  protocol: 'openai' | 'json';
  model: string | null;
  system: string | null;
  /** Name of the environment variable holding the bearer key (never the key itself). */
  api_key_env: string | null;
  timeout_ms: number;
}

export type AgentDef = CommandAgent | HttpAgent;

export interface StepDef {
  name: string;
  agent: string;
  /** Used to pick a requested agent when the request names agents. */
  capability: string | null;
  /** A template: `$input`, `$previous`, `$steps.<name>.output` with `.path` (default `$previous`). */
  input: unknown;
}

export interface WorkflowDef {
  name: string;
  description: string;
  steps: StepDef[];
  output: unknown;
  limits: { timeout_ms: number; max_steps: number };
  /** A finding at or above this severity in a step's input blocks the step; null: never. */
  block_severity: Severity | null;
}

export interface WorkflowFile {
  workflow: WorkflowDef;
  agents: AgentDef[];
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/i;
export const DEFAULT_AGENT_TIMEOUT_MS = 30_000;
export const DEFAULT_WORKFLOW_TIMEOUT_MS = 300_000;
export const DEFAULT_MAX_STEPS = 20;
const MAX_TIMEOUT_MS = 24 * 3600_000;

const fail = (field: string, rule: string): never => {
  throw new ValidationError(`${field}: ${rule}`, { field, rule });
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function keys(obj: Record<string, unknown>, allowed: string[], at: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      fail(at ? `${at}.${key}` : key, `unknown field (allowed: ${allowed.join(', ')})`);
    }
  }
}

function name(v: unknown, field: string): string {
  if (typeof v !== 'string' || !NAME.test(v)) {
    fail(field, 'must be 1 to 128 letters, digits, dots, dashes or underscores');
  }
  return v as string;
}

function text(v: unknown, field: string, fallback: string | null): string | null {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || v.length > 10_000)
    fail(field, 'must be text of at most 10000 characters');
  return v as string;
}

function strings(v: unknown, field: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s === '' || s.length > 256)) {
    fail(field, 'must be a list of non-empty strings');
  }
  return v as string[];
}

function millis(v: unknown, field: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > MAX_TIMEOUT_MS) {
    fail(field, `must be an integer number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
  }
  return v as number;
}

function agentOf(raw: unknown, agentName: string, at: string, baseDir: string): AgentDef {
  if (!isObject(raw)) return fail(at, 'must be an object');
  const common = {
    name: name(agentName, at),
    description: text(raw.description, `${at}.description`, '')!,
    capabilities: strings(raw.capabilities, `${at}.capabilities`),
    timeout_ms: millis(raw.timeout_ms, `${at}.timeout_ms`, DEFAULT_AGENT_TIMEOUT_MS),
  };
  if (raw.type === 'command') {
    keys(raw, ['type', 'description', 'capabilities', 'timeout_ms', 'command', 'cwd', 'env'], at);
    const command = strings(raw.command, `${at}.command`);
    if (command.length === 0) fail(`${at}.command`, 'is required (the program and its arguments)');
    const cwd = text(raw.cwd, `${at}.cwd`, '.')!;
    const env = strings(raw.env, `${at}.env`);
    for (const [i, v] of env.entries()) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) fail(`${at}.env[${i}]`, 'must be a variable name');
    }
    return {
      ...common,
      type: 'command',
      command,
      cwd: isAbsolute(cwd) ? cwd : resolve(baseDir, cwd),
      env,
    };
  }
  if (raw.type === 'http') {
    keys(
      raw,
      [
        'type',
        'description',
        'capabilities',
        'timeout_ms',
        'url',
        'protocol',
        'model',
        'system',
        'api_key_env',
      ],
      at,
    );
    let url: URL | undefined;
    try {
      url = new URL(String(raw.url));
    } catch {
      fail(`${at}.url`, 'must be an http or https URL');
    }
    if (url!.protocol !== 'http:' && url!.protocol !== 'https:') {
      fail(`${at}.url`, 'must be an http or https URL');
    }
    const protocol = raw.protocol ?? 'openai';
    if (protocol !== 'openai' && protocol !== 'json')
      fail(`${at}.protocol`, 'must be openai or json');
    const keyEnv = text(raw.api_key_env, `${at}.api_key_env`, null);
    if (keyEnv !== null && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv)) {
      fail(`${at}.api_key_env`, 'must be a variable name (the key itself is never written here)');
    }
    const model = text(raw.model, `${at}.model`, null);
    if (protocol === 'openai' && model === null)
      fail(`${at}.model`, 'is required for protocol openai');
    return {
      ...common,
      type: 'http',
      url: url!.toString(),
      protocol: protocol as 'openai' | 'json',
      model,
      system: text(raw.system, `${at}.system`, null),
      api_key_env: keyEnv,
    };
  }
  return fail(`${at}.type`, 'must be command or http');
}

/**
 * Validates a parsed workflow document. `known` names agents already registered (a step
 * may use them without redefining them); `baseDir` anchors relative agent directories.
 */
export function validateWorkflow(
  doc: unknown,
  baseDir: string,
  known: ReadonlySet<string>,
): WorkflowFile {
  if (!isObject(doc)) return fail('workflow', 'must be an object (a YAML mapping or JSON object)');
  keys(doc, ['name', 'description', 'agents', 'steps', 'output', 'limits', 'block_severity'], '');
  const wfName = name(doc.name, 'name');
  const agents: AgentDef[] = [];
  if (doc.agents !== undefined) {
    if (!isObject(doc.agents)) fail('agents', 'must be a mapping of agent name to definition');
    for (const [n, raw] of Object.entries(doc.agents as Record<string, unknown>)) {
      agents.push(agentOf(raw, n, `agents.${n}`, baseDir));
    }
  }
  const limitsRaw = doc.limits ?? {};
  if (!isObject(limitsRaw)) fail('limits', 'must be an object');
  const limitsObj = limitsRaw as Record<string, unknown>;
  keys(limitsObj, ['timeout_ms', 'max_steps'], 'limits');
  const maxSteps = limitsObj.max_steps ?? DEFAULT_MAX_STEPS;
  if (!Number.isInteger(maxSteps) || (maxSteps as number) < 1 || (maxSteps as number) > 1000) {
    fail('limits.max_steps', 'must be an integer from 1 to 1000');
  }
  const limits = {
    timeout_ms: millis(limitsObj.timeout_ms, 'limits.timeout_ms', DEFAULT_WORKFLOW_TIMEOUT_MS),
    max_steps: maxSteps as number,
  };
  if (!Array.isArray(doc.steps) || doc.steps.length === 0) {
    fail('steps', 'is required (a list of at least one step)');
  }
  const rawSteps = doc.steps as unknown[];
  if (rawSteps.length > limits.max_steps) {
    fail('steps', `has ${rawSteps.length} steps, more than limits.max_steps (${limits.max_steps})`);
  }
  const usable = new Set([...known, ...agents.map((a) => a.name)]);
  const seen = new Set<string>();
  const steps = rawSteps.map((raw, i): StepDef => {
    const at = `steps[${i}]`;
    if (!isObject(raw)) return fail(at, 'must be an object');
    keys(raw, ['name', 'agent', 'capability', 'input'], at);
    const stepName = name(raw.name ?? `step${i + 1}`, `${at}.name`);
    if (seen.has(stepName)) fail(`${at}.name`, `duplicate step name ${stepName}`);
    seen.add(stepName);
    const agent = name(raw.agent, `${at}.agent`);
    if (!usable.has(agent)) {
      fail(`${at}.agent`, `unknown agent ${agent} (define it under agents or register it first)`);
    }
    const capability = text(raw.capability, `${at}.capability`, null);
    return { name: stepName, agent, capability, input: raw.input ?? '$previous' };
  });
  const severity = doc.block_severity ?? 'high';
  if (severity !== 'off' && !SEVERITIES.includes(severity as Severity)) {
    fail('block_severity', `must be off or one of ${SEVERITIES.join(', ')}`);
  }
  return {
    workflow: {
      name: wfName,
      description: text(doc.description, 'description', '')!,
      steps,
      output: doc.output ?? '$previous',
      limits,
      block_severity: severity === 'off' ? null : (severity as Severity),
    },
    agents,
  };
}

/** Parses a workflow file's text: JSON when it is a .json file, YAML (a JSON superset) otherwise. */
export function parseWorkflowText(text: string, file: string): unknown {
  try {
    return file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch (err) {
    return fail(
      'workflow',
      `${file} is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'} (${(err as Error).message.split('\n')[0]})`,
    );
  }
}
