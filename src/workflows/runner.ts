import { EvidError, KillSwitchActiveError, ValidationError } from '../errors.js';
import { ulid } from '../ids.js';
import { appendSessions } from '../ingest/append.js';
import { assertIntakeOpen, recordRefusal } from '../killswitch/killswitch.js';
import { SEVERITIES, type Severity } from '../detect/types.js';
import type { Reader, Store } from '../store/store.js';
import {
  cancelRequest,
  finishExecution,
  getExecution,
  startExecution,
  type Execution,
  type ExecutionMetrics,
  type FinalStatus,
} from './executions.js';
import { AgentFailure, invokeAgent, type AgentAnswer } from './invoke.js';
import { getAgent, getWorkflow, type WorkflowVersion } from './registry.js';
import type { AgentDef } from './schema.js';
import { redactForStorage } from './redact-values.js';
import { resolveTemplate, TemplateError, type Scope } from './template.js';

/**
 * Runs a registered workflow as evidence by construction (docs/workflows.md): the execution
 * is a trace (source `execution`) whose events (each step's input, model calls, tool calls,
 * output, errors) go through the one append path, so the detectors, the kill switch and
 * the ledger see them. A step whose input carries a finding at or above the workflow's
 * block_severity is not run. The kill switch and cancellation are polled while a step runs
 * (they may be set by another process on the same store) and end the agent's processes.
 */

export interface ExecuteRequest {
  workflow: string;
  input: unknown;
  /** Agents to use instead of the steps' own (matched by name, then by capability). */
  agents?: string[] | undefined;
}

export interface RunHandle {
  execution_id: string;
  /** Settles with the finished execution; never rejects for an agent's failure. */
  done: Promise<Execution>;
}

/** How often a running execution looks for a kill switch or a cancel request. */
const POLL_MS = 100;
const FRAMEWORK = 'evid-workflow';

class Stopped extends Error {}

interface Plan {
  workflow: WorkflowVersion;
  steps: Array<{ name: string; input: unknown; agent: AgentDef }>;
}

function plan(r: Reader, request: ExecuteRequest): Plan {
  const workflow = getWorkflow(r, request.workflow);
  const chosen = request.agents?.map((name, i) => {
    const found = getAgent(r, name);
    if (!found)
      throw new ValidationError(`agents[${i}]: unknown agent ${name}`, { field: `agents[${i}]` });
    return found.definition;
  });
  const steps = workflow.definition.steps.map((step) => {
    let agent: AgentDef | undefined;
    if (chosen) {
      agent =
        chosen.find((a) => a.name === step.agent) ??
        (step.capability
          ? chosen.find((a) => a.capabilities.includes(step.capability!))
          : undefined);
      if (!agent) {
        throw new ValidationError(
          `agents: none of ${chosen.map((a) => a.name).join(', ')} can run step ${step.name} (agent ${step.agent}${step.capability ? ` or capability ${step.capability}` : ''})`,
          { field: 'agents' },
        );
      }
    } else {
      agent = getAgent(r, step.agent)?.definition;
      if (!agent)
        throw new ValidationError(
          `workflow ${workflow.name}: agent ${step.agent} is not registered`,
          { field: 'workflow' },
        );
    }
    return { name: step.name, input: step.input, agent };
  });
  return { workflow, steps };
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));
const rank = (s: string): number => SEVERITIES.indexOf(s as Severity);

/**
 * Checks and records the start (refused with 503 while the kill switch is active for the
 * workflow or any of its agents), then runs the steps in the background.
 */
export function startRun(store: Store, request: ExecuteRequest, actor: string): RunHandle {
  if (typeof request.input !== 'object' || request.input === null || Array.isArray(request.input)) {
    throw new ValidationError('input: is required (an object)', { field: 'input' });
  }
  const p = store.read((r) => plan(r, request));
  const executionId = `ex_${ulid()}`;
  const agentNames = [...new Set(p.steps.map((s) => s.agent.name))];
  try {
    startExecution(
      store,
      {
        execution_id: executionId,
        workflow_id: p.workflow.workflow_id,
        workflow: p.workflow.name,
        agents: agentNames,
        input: redactForStorage(store)(request.input),
      },
      actor,
      (r) => [p.workflow.name, ...agentNames].forEach((a) => assertIntakeOpen(r, a)),
    );
  } catch (err) {
    if (err instanceof KillSwitchActiveError) recordRefusal(store, err);
    throw err;
  }
  const done = run(store, p, executionId, request.input, actor);
  return { execution_id: executionId, done };
}

async function run(
  store: Store,
  p: Plan,
  id: string,
  input: unknown,
  actor: string,
): Promise<Execution> {
  const started = Date.now();
  const metrics: ExecutionMetrics = { duration_ms: 0, steps: 0, tokens: 0, cost: 0 };
  const controller = new AbortController();
  let current = p.workflow.name;
  let seq = 0;
  const stopReason = (): string | null => {
    return store.read((r) => {
      const by = cancelRequest(r, id);
      if (by !== null) return `cancelled by ${by}`;
      for (const agent of new Set([p.workflow.name, current])) {
        try {
          assertIntakeOpen(r, agent);
        } catch (err) {
          if (err instanceof KillSwitchActiveError)
            return `stopped by the kill switch: ${err.message}`;
          throw err;
        }
      }
      return null;
    });
  };
  const poll = setInterval(() => {
    try {
      const reason = stopReason();
      if (reason) controller.abort(reason);
    } catch {
      // A busy store: the next poll asks again.
    }
  }, POLL_MS);
  const deadline = setTimeout(
    () => controller.abort(`workflow timeout: over ${p.workflow.definition.limits.timeout_ms} ms`),
    p.workflow.definition.limits.timeout_ms,
  );

  /** Appends events of the current agent through the one append path; the ids of what it wrote. */
  const record = (agent: string, events: Array<Record<string, unknown>>): string[] => {
    const stamped = events.map((e) => ({
      event_id: `${id}.${seq++}`,
      timestamp: new Date().toISOString(),
      step: e.step ?? null,
      ...e,
    }));
    const report = appendSessions(
      store,
      [
        {
          session_id: id,
          agent,
          framework: FRAMEWORK,
          attributes: { workflow: p.workflow.name, execution_id: id },
          events: stamped,
        },
      ],
      { source: 'execution', actor },
    );
    const refused = report.rejected[0];
    if (refused) {
      if (refused.error.http_status === 503) {
        throw new Stopped(`stopped by the kill switch: ${refused.error.message}`);
      }
      throw new Error(`recording failed: ${refused.error.message}`);
    }
    return stamped.map((e) => e.event_id);
  };

  let finalStatus: FinalStatus = 'succeeded';
  let result: unknown = null;
  let error: string | null = null;
  try {
    record(p.workflow.name, [
      { type: 'execution_start', prompt: asText(input), workflow_version: p.workflow.version },
    ]);
    const scope: Scope = { input, previous: input, steps: {} };
    for (const step of p.steps) {
      current = step.agent.name;
      const pending = stopReason();
      if (pending) throw new Stopped(pending);
      const stepInput = resolveTemplate(step.input, scope);
      const [inputEvent] = record(current, [
        { type: 'step_input', step: step.name, prompt: asText(stepInput) },
      ]);
      const blocking = blockingFindings(store, inputEvent!, p.workflow.definition.block_severity);
      if (blocking.length > 0) {
        const named = blocking.map((f) => `${f.type} (${f.severity}, ${f.finding_id})`).join(', ');
        record(current, [
          { type: 'step_blocked', step: step.name, error: `blocked by policy: ${named}` },
        ]);
        finalStatus = 'blocked';
        error = `step ${step.name} blocked before it ran: ${named}`;
        result = { blocked_step: step.name, findings: blocking };
        return await finish();
      }
      let answer: AgentAnswer;
      try {
        answer = await invokeAgent(
          step.agent,
          { execution_id: id, workflow: p.workflow.name, step: step.name, input: stepInput },
          controller.signal,
        );
      } catch (err) {
        if (err instanceof AgentFailure && err.kind === 'stopped')
          throw new Stopped(String(controller.signal.reason));
        if (!(err instanceof AgentFailure)) throw err;
        record(current, [
          { type: 'error', step: step.name, error_kind: err.kind, error: err.message },
        ]);
        finalStatus = 'failed';
        error = `step ${step.name}: ${err.message}`;
        return await finish();
      }
      record(current, [
        ...answer.model_calls.map((m) => ({
          type: 'llm_call',
          step: step.name,
          model: m.model,
          prompt: m.prompt,
          completion: m.completion,
          tokens_prompt: m.tokens_prompt,
          tokens_completion: m.tokens_completion,
          cost: m.cost,
        })),
        ...answer.tool_calls.map((t) => ({
          type: 'tool_call',
          step: step.name,
          tool_name: t.name,
          prompt: asText(t.arguments),
          completion: asText(t.result),
        })),
        { type: 'step_output', step: step.name, completion: asText(answer.output) },
      ]);
      for (const m of answer.model_calls) {
        metrics.tokens += (m.tokens_prompt ?? 0) + (m.tokens_completion ?? 0);
        metrics.cost = m.cost === null || metrics.cost === null ? null : metrics.cost + m.cost;
      }
      metrics.steps += 1;
      scope.steps[step.name] = { output: answer.output };
      scope.previous = answer.output;
    }
    result = resolveTemplate(p.workflow.definition.output, scope);
    record(p.workflow.name, [{ type: 'execution_end', completion: asText(result) }]);
    return await finish();
  } catch (err) {
    if (err instanceof Stopped) {
      finalStatus = 'cancelled';
      error = err.message;
      // Recorded as an event when intake is open (a cancel); the switch refuses it, and
      // the ledgered end of the execution is then the record.
      try {
        record(p.workflow.name, [{ type: 'execution_cancelled', error: err.message }]);
      } catch {
        // the kill switch: see above
      }
    } else if (err instanceof TemplateError) {
      finalStatus = 'failed';
      error = err.message;
      try {
        record(current, [{ type: 'error', error_kind: 'input', error: err.message }]);
      } catch {
        // a recording failure is reported by the status itself
      }
    } else {
      finalStatus = 'failed';
      error = err instanceof EvidError || err instanceof Error ? err.message : String(err);
    }
    return await finish();
  }

  async function finish(): Promise<Execution> {
    clearInterval(poll);
    clearTimeout(deadline);
    metrics.duration_ms = Date.now() - started;
    if (metrics.tokens === 0 && metrics.cost === 0) metrics.cost = null;
    finishExecution(
      store,
      id,
      { status: finalStatus, result: redactForStorage(store)(result), error, metrics },
      actor,
    );
    return store.read((r) => getExecution(r, id));
  }
}

interface BlockingFinding {
  finding_id: string;
  type: string;
  severity: string;
}

function blockingFindings(
  store: Store,
  eventId: string,
  threshold: Severity | null,
): BlockingFinding[] {
  if (threshold === null) return [];
  const found = store.read(
    (r) =>
      r
        .prepare(
          `SELECT f.finding_id, f.type, f.severity FROM findings f JOIN events e ON e.id = f.event_ref
           WHERE e.event_id = ? ORDER BY f.id`,
        )
        .all(eventId) as BlockingFinding[],
  );
  return found.filter((f) => rank(f.severity) >= rank(threshold));
}
