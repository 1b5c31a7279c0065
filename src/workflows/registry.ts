import { NotFoundError } from '../errors.js';
import { ulid } from '../ids.js';
import { canonicalize } from '../ledger/jcs.js';
import type { Reader, Transactor } from '../store/store.js';
import { agentRecord, workflowRecord } from '../store/workflow-records.js';
import type { AgentDef, WorkflowDef, WorkflowFile } from './schema.js';

/**
 * Registered workflows and agents, each a ledgered version: registering the same
 * definition again adds nothing, a changed one adds the next version. Runs use the latest.
 */

export interface WorkflowVersion {
  workflow_id: string;
  name: string;
  version: number;
  added_at: string;
  actor: string;
  definition: WorkflowDef;
}

export interface AgentVersion {
  agent_id: string;
  name: string;
  version: number;
  added_at: string;
  actor: string;
  definition: AgentDef;
}

interface Row {
  id: number;
  name: string;
  version: number;
  added_at: string;
  actor: string;
}
type WorkflowRow = Row & { workflow_id: string; document: string };
type AgentRow = Row & { agent_id: string; config: string };

const toWorkflow = (row: WorkflowRow): WorkflowVersion => ({
  workflow_id: row.workflow_id,
  name: row.name,
  version: row.version,
  added_at: row.added_at,
  actor: row.actor,
  definition: JSON.parse(row.document) as WorkflowDef,
});

const toAgent = (row: AgentRow): AgentVersion => ({
  agent_id: row.agent_id,
  name: row.name,
  version: row.version,
  added_at: row.added_at,
  actor: row.actor,
  definition: JSON.parse(row.config) as AgentDef,
});

const LATEST = (table: string): string =>
  `SELECT * FROM ${table} x WHERE version = (SELECT MAX(version) FROM ${table} WHERE name = x.name)`;

export function agentNames(r: Reader): Set<string> {
  return new Set(r.prepare('SELECT DISTINCT name FROM agents').pluck().all() as string[]);
}

export interface Registered {
  workflow: WorkflowVersion;
  /** Whether this call stored a new version (false: identical to the latest). */
  added: boolean;
  agents: Array<{ agent: AgentVersion; added: boolean }>;
}

function addAgent(tx: Transactor, def: AgentDef): { agent: AgentVersion; added: boolean } {
  const config = canonicalize(def);
  const latest = tx
    .prepare('SELECT * FROM agents WHERE name = ? ORDER BY version DESC LIMIT 1')
    .get(def.name) as AgentRow | undefined;
  if (latest && latest.config === config) return { agent: toAgent(latest), added: false };
  const fields = {
    agent_id: `ag_${ulid()}`,
    name: def.name,
    version: (latest?.version ?? 0) + 1,
    config,
    added_at: tx.now(),
    actor: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO agents (agent_id, name, version, config, added_at, actor)
       VALUES (@agent_id, @name, @version, @config, @added_at, @actor)`,
    )
    .run(fields);
  tx.ledger.append(
    'agent.added',
    fields.agent_id,
    Number(lastInsertRowid),
    agentRecord(fields),
    fields.added_at,
  );
  return { agent: toAgent({ ...fields, id: Number(lastInsertRowid) }), added: true };
}

/** Stores the file's agents, then the workflow, each only when it differs from its latest. */
export function registerWorkflow(tx: Transactor, file: WorkflowFile): Registered {
  const agents = file.agents.map((a) => addAgent(tx, a));
  const document = canonicalize(file.workflow);
  const latest = tx
    .prepare('SELECT * FROM workflows WHERE name = ? ORDER BY version DESC LIMIT 1')
    .get(file.workflow.name) as WorkflowRow | undefined;
  if (latest && latest.document === document) {
    return { workflow: toWorkflow(latest), added: false, agents };
  }
  const fields = {
    workflow_id: `wf_${ulid()}`,
    name: file.workflow.name,
    version: (latest?.version ?? 0) + 1,
    document,
    added_at: tx.now(),
    actor: tx.actor,
  };
  const { lastInsertRowid } = tx
    .prepare(
      `INSERT INTO workflows (workflow_id, name, version, document, added_at, actor)
       VALUES (@workflow_id, @name, @version, @document, @added_at, @actor)`,
    )
    .run(fields);
  tx.ledger.append(
    'workflow.added',
    fields.workflow_id,
    Number(lastInsertRowid),
    workflowRecord(fields),
    fields.added_at,
  );
  return { workflow: toWorkflow({ ...fields, id: Number(lastInsertRowid) }), added: true, agents };
}

/** The latest version of each workflow, by name. */
export function listWorkflows(r: Reader): WorkflowVersion[] {
  return (r.prepare(`${LATEST('workflows')} ORDER BY name`).all() as WorkflowRow[]).map(toWorkflow);
}

export function listAgents(r: Reader): AgentVersion[] {
  return (r.prepare(`${LATEST('agents')} ORDER BY name`).all() as AgentRow[]).map(toAgent);
}

/** The latest version of a workflow by name, or that exact version by workflow_id. */
export function getWorkflow(r: Reader, ref: string): WorkflowVersion {
  const row = r
    .prepare(
      'SELECT * FROM workflows WHERE workflow_id = ? OR name = ? ORDER BY version DESC LIMIT 1',
    )
    .get(ref, ref) as WorkflowRow | undefined;
  if (!row) throw new NotFoundError(`workflow not found: ${ref}`, { field: 'workflow' });
  return toWorkflow(row);
}

export function getAgent(r: Reader, name: string): AgentVersion | undefined {
  const row = r
    .prepare('SELECT * FROM agents WHERE name = ? ORDER BY version DESC LIMIT 1')
    .get(name) as AgentRow | undefined;
  return row ? toAgent(row) : undefined;
}
