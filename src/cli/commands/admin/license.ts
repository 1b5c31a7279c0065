import { defineCommand } from '../../command.js';
import { VERSION } from '../../version.js';

export const adminLicenseCommand = defineCommand({
  path: ['admin', 'license'],
  description:
    "the project's licence, version and schema version, and usage against the operator quotas (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS); warns at 80%",
  examples: [
    'evid admin license',
    'EVID_QUOTA_STORE_BYTES=50G EVID_QUOTA_EVENTS=10000000 evid admin license --json',
  ],
  async run(ctx) {
    const { licenseInfo } = await import('../../../admin/license.js');
    const app = ctx.app();
    const data = licenseInfo(app.store, app.config, VERSION);
    const shown = (n: number | null): string => (n === null ? '-' : String(n));
    return {
      data,
      notes: data.warnings.map((w) => `warning: ${w}`),
      view: (ui) =>
        [
          ui.fields([
            ['license', data.license],
            ['version', data.version],
            [
              'schema version',
              `${shown(data.schema_version)} (supported: ${data.schema_version_supported})`,
            ],
            ['data dir', data.data_dir],
          ]),
          data.quotas.length === 0
            ? 'no store yet: nothing to measure'
            : ui.table(
                ['quota', 'used', 'limit', 'percent', 'state'],
                data.quotas.map((q) => [
                  q.name,
                  q.used,
                  shown(q.limit),
                  q.percent === null ? '-' : `${q.percent}%`,
                  q.state,
                ]),
              ),
        ].join('\n'),
    };
  },
});
