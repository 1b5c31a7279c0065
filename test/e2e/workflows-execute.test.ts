import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runBin, runJson, tempDataDir } from '../support/cli.js';
import { ANSWER, USAGE, startFakeUpstream, type FakeUpstream } from '../support/openai-upstream.js';
import { api, startServer, type Loose, type RunningServer } from '../support/server.js';

// Issue 17: workflows over real command agents and an OpenAI-compatible model on loopback,
// run through POST /v1/execute, recorded as traces, checked by the detectors and policies,
// stopped by timeouts, cancellation and the kill switch.

const store = tempDataDir('evid-workflows-');
const agent = (file: string): string => join(ROOT, 'test', 'fixtures', 'agents', file);
let server: RunningServer;
let model: FakeUpstream;
/** A plain JSON endpoint agent: answers the stdin protocol's shape over HTTP. */
let jsonAgent: Server;
const jsonSeen: Loose[] = [];

const workflowFile = (modelUrl: string): string => `
name: pipeline
description: upper-case the question, then ask the model
agents:
  good: { type: command, command: [node, ${agent('good.mjs')}], capabilities: [upper], description: upper-cases text }
  leak: { type: command, command: [node, ${agent('leak.mjs')}] }
  hang: { type: command, command: [node, ${agent('hang.mjs')}], timeout_ms: 60000 }
  quick-hang: { type: command, command: [node, ${agent('hang.mjs')}], timeout_ms: 300 }
  garbage: { type: command, command: [node, ${agent('garbage.mjs')}] }
  env: { type: command, command: [node, ${agent('env.mjs')}], env: [EVID_TEST_ALLOWED] }
  model: { type: http, url: ${modelUrl}/chat/completions, model: gpt-4o-mini, system: be brief, capabilities: [chat] }
steps:
  - { name: shout, agent: good, capability: upper, input: { question: $input.question } }
  - { name: ask, agent: model, input: $steps.shout.output.text }
output: { answer: $previous, shouted: $steps.shout.output.text }
`;

const oneStep = (name: string, agentName: string, extra = ''): string =>
  `name: ${name}\nsteps:\n  - { name: only, agent: ${agentName} }\n${extra}`;

async function register(name: string, text: string): Promise<void> {
  const file = join(store.dir, `${name}.yaml`);
  writeFileSync(file, text);
  const r = await runJson('evid', ['workflows', 'add', file], { dataDir: store.dir });
  expect(r.code, r.stderr).toBe(0);
}

const execute = (body: Record<string, unknown>, wait?: number): Promise<Loose> =>
  api(server.url, `/v1/execute${wait === undefined ? '' : `?wait_ms=${wait}`}`, {
    method: 'POST',
    body,
  });

const events = async (traceId: string): Promise<Loose[]> =>
  (await api(server.url, `/api/v1/traces/${traceId}`)).body.events;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Starts the hanging agent through the API and waits until it and its child are up. */
async function startHanging(pidfile: string): Promise<{ id: string; pids: number[] }> {
  const started = await execute({ workflow: 'hanging', input: { pidfile } }, 0);
  expect(started.status).toBe(202);
  expect(started.body.status).toBe('running');
  const pids = await until('the agent to start', () =>
    existsSync(pidfile) ? (JSON.parse(readFileSync(pidfile, 'utf8')) as number[]) : undefined,
  );
  expect(pids.every(alive)).toBe(true);
  return { id: started.body.execution_id, pids };
}

beforeAll(async () => {
  model = await startFakeUpstream();
  jsonAgent = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      jsonSeen.push({ url: req.url, body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          output: { looked_up: true },
          tool_calls: [{ name: 'crm_lookup', arguments: { id: 7 }, result: { plan: 'pro' } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => jsonAgent.listen(0, '127.0.0.1', resolve));
  const jsonUrl = `http://127.0.0.1:${(jsonAgent.address() as AddressInfo).port}/agent`;
  await register(
    'json-endpoint',
    `name: json-endpoint\nagents:\n  crm: { type: http, protocol: json, url: ${jsonUrl} }\nsteps:\n  - { name: lookup, agent: crm, input: { customer: $input.customer } }\n`,
  );
  await register('pipeline', workflowFile(model.url));
  await register('leaky', oneStep('leaky', 'leak', 'block_severity: critical'));
  await register('hanging', oneStep('hanging', 'hang') + '\n');
  await register('timing-out', oneStep('timing-out', 'quick-hang'));
  await register('garbled', oneStep('garbled', 'garbage'));
  await register('env-check', oneStep('env-check', 'env'));
  server = await startServer({
    dataDir: store.dir,
    env: { EVID_TEST_ALLOWED: 'yes', EVID_TEST_SECRET: 'no' },
  });
});
afterAll(async () => {
  await server?.stop();
  await model?.close();
  await new Promise((resolve) => jsonAgent?.close(resolve));
  store.cleanup();
});

describe('POST /v1/execute', () => {
  it('runs a multi-step workflow end to end and records every step as events of one trace', async () => {
    const r = await execute({ workflow: 'pipeline', input: { question: 'where is my parcel?' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'succeeded',
      workflow: 'pipeline',
      result: { answer: ANSWER, shouted: 'WHERE IS MY PARCEL?' },
      metrics: { steps: 2, tokens: USAGE.prompt_tokens + USAGE.completion_tokens },
      error: null,
    });
    expect(r.body.execution_id).toMatch(/^ex_/);
    expect(r.headers.get('x-ratelimit-limit')).not.toBeNull();
    // The model got the first step's output as its prompt, the system text first.
    const sent = JSON.parse(model.seen.at(-1)!.body);
    expect(sent.messages).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'WHERE IS MY PARCEL?' },
    ]);

    const trace = (await api(server.url, `/api/v1/traces/${r.body.trace_id}`)).body;
    expect(trace.session_id).toBe(r.body.execution_id);
    expect(trace.agent).toBe('pipeline');
    const kinds = trace.events.map(
      (e: Loose) => `${e.type}${e.attributes.step ? `:${e.attributes.step}` : ''}`,
    );
    expect(kinds).toEqual([
      'execution_start',
      'step_input:shout',
      'tool_call:shout',
      'step_output:shout',
      'step_input:ask',
      'llm_call:ask',
      'step_output:ask',
      'execution_end',
    ]);
    const call = trace.events.find((e: Loose) => e.type === 'llm_call');
    expect(call).toMatchObject({
      model: 'gpt-4o-mini-2026-01-01',
      completion: ANSWER,
      tokens_prompt: USAGE.prompt_tokens,
    });

    const polled = await api(server.url, `/v1/executions/${r.body.execution_id}`);
    expect(polled.body).toEqual(r.body);
  });

  it('runs the leaked secret through the detectors: a finding on the step output', async () => {
    const r = await execute({ workflow: 'leaky', input: {} });
    expect(r.body.status).toBe('succeeded');
    const trace = (await api(server.url, `/api/v1/traces/${r.body.trace_id}`)).body;
    const finding = trace.findings.find((f: Loose) => f.type === 'secret.github_token');
    expect(finding).toBeDefined();
    const output = trace.events.find((e: Loose) => e.type === 'step_output');
    expect(finding.event_id).toBe(output.event_id);
  });

  it('blocks a step whose input breaks a policy, before the agent runs, naming the finding', async () => {
    const policy = await api(server.url, '/api/v1/policies', {
      method: 'PUT',
      body: {
        custom_rules: [
          {
            type: 'policy.no_drop',
            kind: 'keywords',
            keywords: ['drop table'],
            severity: 'critical',
          },
        ],
      },
    });
    expect(policy.status).toBe(200);
    const r = await execute({
      workflow: 'pipeline',
      input: { question: 'please DROP TABLE users' },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('blocked');
    expect(r.body.error).toMatch(
      /step shout blocked before it ran: policy\.no_drop \(critical, fd_/,
    );
    expect(r.body.result).toMatchObject({
      blocked_step: 'shout',
      findings: [{ type: 'policy.no_drop' }],
    });
    const kinds = (await events(r.body.trace_id)).map((e) => e.type);
    expect(kinds).toEqual(['execution_start', 'step_input', 'step_blocked']);
    await api(server.url, '/api/v1/policies', { method: 'PUT', body: {} });
  });

  it('with redact_content, the stored result and events keep no secret', async () => {
    await api(server.url, '/api/v1/policies', { method: 'PUT', body: { redact_content: true } });
    const r = await execute({
      workflow: 'leaky',
      input: { note: 'mail dana.kowalski@mailbox.org' },
    });
    expect(r.body.status).toBe('succeeded');
    expect(r.body.result.text).toBe('use the deploy key [REDACTED:secret.github_token]');
    expect(r.body.input.note).toBe('mail [REDACTED:pii.email]');
    const output = (await events(r.body.trace_id)).find((e) => e.type === 'step_output');
    expect(output.completion).not.toContain('ghp_');
    await api(server.url, '/api/v1/policies', { method: 'PUT', body: {} });
  });

  it('fails cleanly on a timeout and on garbage output, each recorded as an error event', async () => {
    const slow = await execute({
      workflow: 'timing-out',
      input: { pidfile: join(store.dir, 'slow.pid') },
    });
    expect(slow.body.status).toBe('failed');
    expect(slow.body.error).toMatch(/timed out after 300 ms/);
    const pids = JSON.parse(readFileSync(join(store.dir, 'slow.pid'), 'utf8')) as number[];
    await until('the timed-out agent and its child to end', () => !pids.some(alive));
    const errorEvent = (await events(slow.body.trace_id)).find((e) => e.type === 'error');
    expect(errorEvent.attributes).toMatchObject({ error_kind: 'timeout' });

    const garbled = await execute({ workflow: 'garbled', input: {} });
    expect(garbled.body.status).toBe('failed');
    expect(garbled.body.error).toMatch(/did not answer JSON on stdout: "Sure! Here is your answer/);
    const bad = (await events(garbled.body.trace_id)).find((e) => e.type === 'error');
    expect(bad.attributes).toMatchObject({ error_kind: 'bad_output' });
  });

  it('calls a plain JSON endpoint agent with the step request and records its tool calls', async () => {
    const r = await execute({ workflow: 'json-endpoint', input: { customer: 'c-7' } });
    expect(r.body).toMatchObject({ status: 'succeeded', result: { looked_up: true } });
    expect(jsonSeen.at(-1)).toEqual({
      url: '/agent',
      body: {
        execution_id: r.body.execution_id,
        workflow: 'json-endpoint',
        step: 'lookup',
        input: { customer: 'c-7' },
      },
    });
    const tool = (await events(r.body.trace_id)).find((e) => e.type === 'tool_call');
    expect(tool).toMatchObject({ prompt: '{"id":7}', completion: '{"plan":"pro"}' });
    expect(tool.attributes.tool_name).toBe('crm_lookup');
  });

  it('gives a command agent only PATH and its allow-listed environment', async () => {
    const r = await execute({ workflow: 'env-check', input: {} });
    expect(r.body.result.env).toContain('EVID_TEST_ALLOWED');
    expect(r.body.result.env).not.toContain('EVID_TEST_SECRET');
    expect(r.body.result.env).not.toContain('EVID_API_KEY');
  });

  it('cancels a running execution: 202 while running, then its processes end, status cancelled', async () => {
    const { id, pids } = await startHanging(join(store.dir, 'cancel.pid'));
    const cancelled = await api(server.url, `/v1/executions/${id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.error).toMatch(/cancelled by /);
    await until('the cancelled agent and its child to end', () => !pids.some(alive));
    const kinds = (await events(cancelled.body.trace_id)).map((e) => e.type);
    expect(kinds.at(-1)).toBe('execution_cancelled');
    const again = await api(server.url, `/v1/executions/${id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('the kill switch stops a running execution and refuses new ones with 503', async () => {
    const { id, pids } = await startHanging(join(store.dir, 'kill.pid'));
    const on = await api(server.url, '/api/v1/kill-switch/activate', {
      method: 'POST',
      body: { reason: 'runaway agent' },
    });
    expect(on.status).toBe(200);
    const stopped = await until('the execution to stop', async () => {
      const got = (await api(server.url, `/v1/executions/${id}`)).body;
      return got.status === 'running' ? undefined : got;
    });
    expect(stopped.status).toBe('cancelled');
    expect(stopped.error).toMatch(/kill switch/);
    await until('the killed agent and its child to end', () => !pids.some(alive));

    const refused = await execute({ workflow: 'pipeline', input: { question: 'hi' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(refused.body.error.code).toBe(503);
    await api(server.url, '/api/v1/kill-switch/deactivate', {
      method: 'POST',
      body: { reason: 'fixed' },
    });
  });

  it('refuses bad requests naming the field, and unknown workflows and agents', async () => {
    const noInput = await execute({ workflow: 'pipeline' });
    expect(noInput.status).toBe(400);
    expect(noInput.body.error.details).toMatch(/input/);
    expect((await execute({ workflow: 'nope', input: {} })).status).toBe(404);
    const unknownAgent = await execute({ workflow: 'pipeline', input: {}, agents: ['ghost'] });
    expect(unknownAgent.status).toBe(400);
    expect(unknownAgent.body.error.details).toMatch(/agents\[0\]: unknown agent ghost/);
    const cannot = await execute({ workflow: 'pipeline', input: {}, agents: ['good'] });
    expect(cannot.status).toBe(400);
    expect(cannot.body.error.details).toMatch(/can run step ask/);
    expect((await api(server.url, '/v1/executions/ex_nope')).status).toBe(404);
    expect((await api(server.url, '/v1/workflows', { key: null })).status).toBe(401);
  });
});

describe('GET /v1/workflows and /v1/agents', () => {
  it('list configurations and capabilities', async () => {
    const workflows = (await api(server.url, '/v1/workflows')).body.workflows;
    const pipeline = workflows.find((w: Loose) => w.name === 'pipeline');
    expect(pipeline).toMatchObject({
      version: 1,
      agents: ['good', 'model'],
      configuration: { limits: { max_steps: 20 }, block_severity: 'high' },
    });
    const agents = (await api(server.url, '/v1/agents')).body.agents;
    expect(agents.find((a: Loose) => a.name === 'good')).toMatchObject({
      type: 'command',
      capabilities: ['upper'],
      description: 'upper-cases text',
    });
    expect(agents.find((a: Loose) => a.name === 'model').configuration).toMatchObject({
      protocol: 'openai',
      model: 'gpt-4o-mini',
    });
  });
});

describe('evid execute and audit verify', () => {
  it('runs from the CLI with --agents, and the ledger accounts for every execution', async () => {
    const r = await runJson<Loose>(
      'evid',
      [
        'execute',
        'pipeline',
        '--input',
        '{"question":"hello"}',
        '--agents',
        'good,model',
        '--wait',
      ],
      { dataDir: store.dir },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.data).toMatchObject({ status: 'succeeded', result: { shouted: 'HELLO' } });
    const failing = await runBin('evid', ['execute', 'garbled', '--input', '{}', '--wait'], {
      dataDir: store.dir,
    });
    expect(failing.exitCode).toBe(1);
    expect(String(failing.stderr)).toMatch(/failed/);
    const verify = await runBin('audit', ['verify'], { dataDir: store.dir });
    expect(verify.exitCode, String(verify.stdout)).toBe(0);
  });

  it('refuses a broken workflow file naming the field and the rule', async () => {
    const file = join(store.dir, 'broken.yaml');
    writeFileSync(file, 'name: broken\nsteps:\n  - { agent: nobody }\n');
    const r = await runBin('evid', ['workflows', 'add', file], { dataDir: store.dir });
    expect(r.exitCode).toBe(2);
    expect(String(r.stderr)).toMatch(/steps\[0\]\.agent: unknown agent nobody/);
  });
});
