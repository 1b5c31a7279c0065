import { BUILTIN_FINDING_TYPES, CATEGORIES } from '../detect/index.js';

/**
 * The categories of `POST /v1/analysis/safety/text`: the detectors' categories (pii,
 * secret, ...), their finding types (pii.email, toxicity.hate, ...) and the moderation
 * categories of OpenAI's moderation API (REFERENCE.md section 4), each backed by the
 * toxicity detectors that find it. `violence/graphic` is not offered: no detector here
 * recognises graphic description, and a category that can never score would mislead.
 */
/** What a category test needs of a detector hit or a finding. */
export interface RawHitLike {
  type: string;
  category: string;
  detector: string;
  score: number;
}

export interface ModerationCategory {
  name: string;
  /** Which detector hits count for it. */
  matches(hit: RawHitLike): boolean;
  /** Categories whose scores must all be present (the lowest counts): `hate/threatening`. */
  allOf?: readonly string[];
}

const ofType = (type: string) => (h: RawHitLike) => h.type === type;
const ofDetector =
  (...ids: string[]) =>
  (h: RawHitLike) =>
    ids.includes(h.detector);

export const MODERATION_CATEGORIES: readonly ModerationCategory[] = [
  { name: 'harassment', matches: ofType('toxicity.harassment') },
  {
    name: 'harassment/threatening',
    matches: ofDetector('toxicity.harassment:threat', 'toxicity.violence:threat'),
  },
  { name: 'hate', matches: ofType('toxicity.hate') },
  {
    name: 'hate/threatening',
    matches: () => false,
    allOf: ['hate', 'harassment/threatening'],
  },
  { name: 'illicit', matches: ofDetector('toxicity.violence:weapons') },
  { name: 'illicit/violent', matches: ofDetector('toxicity.violence:weapons') },
  { name: 'self-harm', matches: ofType('toxicity.self_harm') },
  { name: 'self-harm/intent', matches: ofDetector('toxicity.self_harm:intent') },
  { name: 'self-harm/instructions', matches: ofDetector('toxicity.self_harm:method') },
  { name: 'sexual', matches: ofType('toxicity.sexual') },
  { name: 'sexual/minors', matches: ofDetector('toxicity.sexual:minors') },
  { name: 'violence', matches: ofType('toxicity.violence') },
];

const MODERATION = new Map(MODERATION_CATEGORIES.map((c) => [c.name, c]));

export function moderationCategory(name: string): ModerationCategory | undefined {
  return MODERATION.get(name);
}

/** What a request gets without `categories`: detector categories and moderation ones. */
export const DEFAULT_CATEGORIES: readonly string[] = [
  ...CATEGORIES,
  ...MODERATION_CATEGORIES.map((c) => c.name),
];

/** Every name `categories` accepts. */
export const ALLOWED_CATEGORIES: readonly string[] = [
  ...DEFAULT_CATEGORIES,
  ...BUILTIN_FINDING_TYPES,
];

const ALLOWED = new Set(ALLOWED_CATEGORIES);

export function isAllowedCategory(name: string): boolean {
  return ALLOWED.has(name) || /^policy\.[a-z0-9_]+$/.test(name);
}

/** Whether a detector hit counts for a requested category (of any of the three kinds). */
export function hitCounts(category: string, hit: RawHitLike): boolean {
  if (category === hit.category || category === hit.type) return true;
  return MODERATION.get(category)?.matches(hit) ?? false;
}
