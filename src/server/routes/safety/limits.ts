/** Seed 000's per-endpoint limits of the safety API (per API key; RouteDef.rateLimit). */
const MINUTE = 60_000;
const HOUR = 3_600_000;

export const SAFETY_LIMITS = {
  tokenCreate: { max: 100, windowMs: MINUTE },
  tokenRevoke: { max: 100, windowMs: MINUTE },
  text: { max: 500, windowMs: MINUTE },
  model: { max: 50, windowMs: HOUR },
  objectives: { max: 100, windowMs: HOUR },
  evaluate: { max: 50, windowMs: HOUR },
  session: { max: 100, windowMs: HOUR },
  event: { max: 1000, windowMs: MINUTE },
  metrics: { max: 300, windowMs: MINUTE },
  assessment: { max: 50, windowMs: HOUR },
  frameworks: { max: 300, windowMs: MINUTE },
  documentation: { max: 50, windowMs: HOUR },
} as const;

export const SAFETY_TAG = 'safety';
