/**
 * `evid admin license`: what this installation is (the project's licence, version, store
 * schema) and how the store stands against the operator quotas (src/admin/quota.ts). There
 * is nothing to unlock: evid is Apache-2.0 and no feature is licence-gated.
 */
import type { Config } from '../config/config.js';
import { StoreMissingError } from '../errors.js';
import { LATEST_VERSION } from '../store/migrations/index.js';
import type { Store } from '../store/store.js';
import { measureUsage } from '../store/usage.js';
import { describeQuota, parseQuotas, quotaStates, type QuotaState } from './quota.js';

export const LICENSE = 'Apache-2.0';

export interface LicenseInfo {
  license: string;
  version: string;
  /** The store's schema version (null when there is no store yet) and this program's. */
  schema_version: number | null;
  schema_version_supported: number;
  data_dir: string;
  quotas: QuotaState[];
  /** Quotas at 80% or more, exceeded ones, and quota settings that do not parse. */
  warnings: string[];
}

export function licenseInfo(store: Store, config: Config, version: string): LicenseInfo {
  const { limits, problems } = parseQuotas(config);
  let schema: number | null = null;
  let quotas: QuotaState[] = [];
  try {
    schema = store.db.pragma('user_version', { simple: true }) as number;
    quotas = quotaStates(
      store.read((r) => measureUsage(r)),
      limits,
    );
  } catch (err) {
    if (!(err instanceof StoreMissingError)) throw err;
  }
  const warnings = [
    ...quotas
      .filter((q) => q.state === 'exceeded')
      .map((q) => `quota exceeded: ${describeQuota(q)}; intake is refused (HTTP 507, exit 7)`),
    ...quotas.filter((q) => q.state === 'warning').map((q) => `quota warning: ${describeQuota(q)}`),
    ...problems,
  ];
  return {
    license: LICENSE,
    version,
    schema_version: schema,
    schema_version_supported: LATEST_VERSION,
    data_dir: config.dataDir,
    quotas,
    warnings,
  };
}
