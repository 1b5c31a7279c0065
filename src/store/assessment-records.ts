import { hash } from 'node:crypto';

/**
 * A compliance assessment of the safety API (`assessment.created`): the row as stored, its
 * JSON columns kept as the text written (so a changed byte changes the digest), the result
 * by its SHA-256.
 */
export interface AssessmentFields {
  assessment_id: string;
  system_id: string;
  frameworks: string;
  metadata: string;
  result: string;
  created_at: string;
  created_by: string;
}

export function assessmentRecord(a: AssessmentFields): Record<string, unknown> {
  return {
    assessment_id: a.assessment_id,
    system_id: a.system_id,
    frameworks: a.frameworks,
    metadata: a.metadata,
    result_sha256: hash('sha256', a.result, 'hex'),
    created_at: a.created_at,
    created_by: a.created_by,
  };
}
