import { describe, expect, it } from 'vitest';
import { parseWorkflowText, validateWorkflow } from '../../src/workflows/schema.js';
import { resolveTemplate } from '../../src/workflows/template.js';

// Issue 17, item 1: a workflow file is validated whole, each refusal naming the field and
// the rule; input templates resolve references between steps.

const base = {
  name: 'wf',
  agents: { a: { type: 'command', command: ['node', 'a.mjs'], capabilities: ['x'] } },
  steps: [{ name: 's1', agent: 'a' }],
};
const refusal = (doc: unknown, known: string[] = []): string => {
  try {
    validateWorkflow(doc, '/flows', new Set(known));
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

describe('validateWorkflow', () => {
  it('accepts a minimal file with defaults, agent directories anchored to the file', () => {
    const { workflow, agents } = validateWorkflow(base, '/flows', new Set());
    expect(workflow).toMatchObject({
      limits: { timeout_ms: 300000, max_steps: 20 },
      block_severity: 'high',
      output: '$previous',
      steps: [{ name: 's1', agent: 'a', capability: null, input: '$previous' }],
    });
    expect(agents[0]).toMatchObject({ cwd: '/flows', env: [], timeout_ms: 30000 });
  });

  it.each([
    [{ ...base, name: 'has space' }, /^name: must be 1 to 128 letters/],
    [{ ...base, steps: [] }, /^steps: is required/],
    [{ ...base, steps: [{ agent: 'ghost' }] }, /^steps\[0\]\.agent: unknown agent ghost/],
    [
      {
        ...base,
        steps: [
          { name: 'x', agent: 'a' },
          { name: 'x', agent: 'a' },
        ],
      },
      /^steps\[1\]\.name: duplicate/,
    ],
    [{ ...base, extra: 1 }, /^extra: unknown field/],
    [
      { ...base, agents: { a: { type: 'shell', command: ['x'] } } },
      /^agents\.a\.type: must be command or http/,
    ],
    [
      { ...base, agents: { a: { type: 'command', command: [] } } },
      /^agents\.a\.command: is required/,
    ],
    [
      { ...base, agents: { a: { type: 'command', command: ['x'], env: ['A=B'] } } },
      /^agents\.a\.env\[0\]: must be a variable name/,
    ],
    [
      { ...base, agents: { a: { type: 'http', url: 'ftp://x' } } },
      /^agents\.a\.url: must be an http or https URL/,
    ],
    [
      { ...base, agents: { a: { type: 'http', url: 'http://x' } } },
      /^agents\.a\.model: is required for protocol openai/,
    ],
    [
      { ...base, agents: { a: { type: 'command', command: ['x'], timeout_ms: 0 } } },
      /^agents\.a\.timeout_ms: must be an integer/,
    ],
    [
      {
        ...base,
        limits: { max_steps: 1 },
        steps: [
          { name: 'a1', agent: 'a' },
          { name: 'a2', agent: 'a' },
        ],
      },
      /^steps: has 2 steps, more than limits\.max_steps \(1\)/,
    ],
    [{ ...base, block_severity: 'severe' }, /^block_severity: must be off or one of low/],
  ])('refuses %j', (doc, message) => {
    expect(refusal(doc)).toMatch(message);
  });

  it('lets a step use an agent registered before', () => {
    expect(refusal({ name: 'wf', steps: [{ agent: 'known' }] }, ['known'])).toBe('accepted');
  });

  it('parses YAML and JSON, naming a malformed file', () => {
    expect(parseWorkflowText('name: wf\nsteps: []\n', 'w.yaml')).toEqual({ name: 'wf', steps: [] });
    expect(parseWorkflowText('{"name": "wf"}', 'w.json')).toEqual({ name: 'wf' });
    expect(() => parseWorkflowText('{"name": ', 'w.json')).toThrow(
      /^workflow: w\.json is not valid JSON/,
    );
    expect(() => parseWorkflowText('a: [b', 'w.yaml')).toThrow(
      /^workflow: w\.yaml is not valid YAML/,
    );
  });
});

describe('resolveTemplate', () => {
  const scope = {
    input: { q: 'hi', n: { m: 1 } },
    previous: 'prev',
    steps: { s1: { output: { text: 'T' } } },
  };
  it('replaces references, keeps literals and escapes', () => {
    expect(
      resolveTemplate(
        { a: '$input.q', b: ['$previous', '$steps.s1.output.text'], c: 'plain', d: '$$5', e: 3 },
        scope,
      ),
    ).toEqual({ a: 'hi', b: ['prev', 'T'], c: 'plain', d: '$5', e: 3 });
    expect(resolveTemplate('$input.n', scope)).toEqual({ m: 1 });
  });
  it('names a missing step or field', () => {
    expect(() => resolveTemplate('$steps.s9.output', scope)).toThrow(
      /\$steps\.s9\.output: no earlier step named s9/,
    );
    expect(() => resolveTemplate('$input.zz', scope)).toThrow(/\$input\.zz: no field zz/);
    expect(() => resolveTemplate('$env.HOME', scope)).toThrow(/must start with \$input/);
  });
});
