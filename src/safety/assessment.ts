import { computeCompliance } from '../compliance/score/compute.js';
import type { RegulationId } from '../compliance/score/regulations.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { ulid } from '../ids.js';
import { canonicalize } from '../ledger/jcs.js';
import { assessmentRecord, type AssessmentFields } from '../store/assessment-records.js';
import type { Reader, Store } from '../store/store.js';
import { FRAMEWORK_IDS } from './frameworks.js';
import { classifyRisk, type RiskClassification } from './risk-class.js';

/**
 * `POST /v1/compliance/assessment`: the system's recorded evidence (system_id = the agent)
 * scored by the compliance engine for each framework, the EU AI Act risk class from the
 * metadata, the gaps (controls not passing, documentation the class requires and the
 * metadata lacks) and what to do about each. Stored and ledgered (`assessment.created`).
 */
export interface SystemMetadata {
  description?: string;
  domain?: string;
  capabilities?: string[];
  data_types?: string[];
  [key: string]: unknown;
}

export interface AssessmentRequest {
  system_id: string;
  frameworks: string[];
  system_metadata?: SystemMetadata;
}

export interface Gap {
  framework: string;
  control_id: string;
  ref: string;
  title: string;
  status: 'fail' | 'partial' | 'missing';
  summary: string;
  recommendation: string;
}

export interface FrameworkResult {
  framework: string;
  name: string;
  score: number;
  counts: { pass: number; partial: number; fail: number };
  controls: Array<{ id: string; ref: string; title: string; status: string; summary: string }>;
}

export interface Assessment {
  assessment_id: string;
  system_id: string;
  created_at: string;
  created_by: string;
  overall_score: number;
  risk: RiskClassification;
  frameworks: FrameworkResult[];
  gaps: Gap[];
  recommendations: string[];
  system_metadata: SystemMetadata;
  period: { from: string | null; to: string | null };
}

const ADVICE: Record<string, string> = {
  ledger_integrity:
    'Run `audit verify` and investigate the first failing entry; restore from a verified backup.',
  logging_coverage:
    'Record every call of the system (gateway, OpenTelemetry or SDK) so its logs cover its use.',
  log_retention: 'Keep logs at least six months: `evid retention set --days 183` or longer.',
  storage_limitation: 'Set a retention period so personal data is not kept longer than needed.',
  analysis_coverage:
    'Make sure detectors run on every trace (check failed analyses in `evid traces list`).',
  human_review:
    'Review open findings within the review window (`evid findings list --status open`).',
  incident_response:
    'Triage high-severity findings promptly and record the outcome on each finding.',
  review_accountability:
    'Have named reviewers (not shared keys) move findings, so each decision has an actor.',
  kill_switch:
    'Exercise the kill switch (`audit kill-switch activate` / `deactivate`) and document who may use it.',
  pseudonymisation:
    'Turn on redact_content in the policy so stored prompts and completions mask personal data.',
  open_pii:
    'Resolve open PII findings; stop the system from echoing personal data (output filtering).',
  open_secrets:
    'Rotate the leaked secrets and resolve the findings; keep credentials out of prompts.',
  open_prompt_attacks:
    'Harden the system prompt and tool permissions against injection and jailbreaks; resolve the findings.',
  open_tool_misuse:
    'Restrict tool permissions (allowed hosts, no destructive commands) and resolve the findings.',
  open_harmful_content: 'Add output moderation and resolve the harmful-content findings.',
};

function checkFrameworks(list: readonly string[]): RegulationId[] {
  list.forEach((f, i) => {
    if (!(FRAMEWORK_IDS as readonly string[]).includes(f)) {
      throw new ValidationError(
        `frameworks[${i}]: unknown framework ${JSON.stringify(f)} (allowed: ${FRAMEWORK_IDS.join(', ')}; see GET /v1/compliance/frameworks)`,
        { field: `frameworks[${i}]` },
      );
    }
  });
  if (list.length === 0) {
    throw new ValidationError(`frameworks: name at least one of ${FRAMEWORK_IDS.join(', ')}`, {
      field: 'frameworks',
    });
  }
  return [...new Set(list)] as RegulationId[];
}

export function assessSystem(
  store: Store,
  input: AssessmentRequest,
  opts: { actor: string; now: Date },
): Assessment {
  const frameworks = checkFrameworks(input.frameworks);
  const metadata = input.system_metadata ?? {};
  const risk = classifyRisk(metadata);
  const results: FrameworkResult[] = [];
  const gaps: Gap[] = [];
  let period: Assessment['period'] = { from: null, to: null };
  for (const id of frameworks) {
    let score;
    try {
      score = computeCompliance(
        { store },
        { regulation: id, agent: input.system_id, now: opts.now },
      );
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      throw new NotFoundError(
        `system_id: no evidence recorded for ${input.system_id} (record its traces with agent "${input.system_id}" first)`,
        { field: 'system_id' },
      );
    }
    period = score.period;
    results.push({
      framework: id,
      name: score.regulation_name,
      score: score.score,
      counts: score.counts,
      controls: score.controls.map((c) => ({
        id: c.id,
        ref: c.ref,
        title: c.title,
        status: c.status,
        summary: c.summary,
      })),
    });
    for (const c of score.controls) {
      if (c.status === 'pass') continue;
      gaps.push({
        framework: id,
        control_id: c.id,
        ref: c.ref,
        title: c.title,
        status: c.status,
        summary: c.summary,
        recommendation: c.checks.map((k) => ADVICE[k] ?? `Improve ${k}.`).join(' '),
      });
    }
  }
  if (frameworks.includes('eu-ai-act') && risk.risk_class === 'high' && !metadata.description) {
    gaps.push({
      framework: 'eu-ai-act',
      control_id: 'eu-ai-act:annex-iv-1',
      ref: 'Annex IV(1)',
      title: 'General description of the AI system',
      status: 'missing',
      summary:
        'a high-risk system needs technical documentation; system_metadata.description is empty',
      recommendation:
        "Describe the system's intended purpose, provider and versions in system_metadata.description.",
    });
  }
  const overall = Math.round((results.reduce((n, r) => n + r.score, 0) / results.length) * 10) / 10;
  const recommendations = [...new Set(gaps.map((g) => g.recommendation))];
  if (risk.risk_class === 'prohibited') {
    recommendations.unshift(
      'Stop: the described use is a prohibited practice under Art. 5 of the EU AI Act.',
    );
  }

  const assessmentId = `as_${ulid(opts.now.getTime())}`;
  return store.transact((tx) => {
    const partial = {
      assessment_id: assessmentId,
      system_id: input.system_id,
      created_at: tx.now(),
      created_by: tx.actor,
      overall_score: overall,
      risk,
      frameworks: results,
      gaps,
      recommendations,
      system_metadata: metadata,
      period,
    };
    const row: AssessmentFields = {
      assessment_id: assessmentId,
      system_id: input.system_id,
      frameworks: canonicalize(frameworks),
      metadata: canonicalize(metadata),
      result: JSON.stringify(partial),
      created_at: partial.created_at,
      created_by: partial.created_by,
    };
    const { lastInsertRowid } = tx
      .prepare(
        `INSERT INTO compliance_assessments (assessment_id, system_id, frameworks, metadata, result,
           created_at, created_by)
         VALUES (@assessment_id, @system_id, @frameworks, @metadata, @result, @created_at, @created_by)`,
      )
      .run(row);
    tx.ledger.append(
      'assessment.created',
      assessmentId,
      Number(lastInsertRowid),
      assessmentRecord(row),
      row.created_at,
    );
    return partial;
  }, opts.actor);
}

export function getAssessment(r: Reader, assessmentId: string): Assessment {
  const row = r
    .prepare('SELECT result FROM compliance_assessments WHERE assessment_id = ?')
    .get(assessmentId) as { result: string } | undefined;
  if (!row) {
    throw new NotFoundError(`assessment_id: no assessment ${assessmentId}`, {
      field: 'assessment_id',
    });
  }
  return JSON.parse(row.result) as Assessment;
}
