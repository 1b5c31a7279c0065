import { describe, expect, it } from 'vitest';
import { REPORT_FORMATS as PACK_FORMATS } from '../../../src/packs/manifest.js';
import { REPORT_FORMATS, REPORT_STATUSES } from '../../../src/reports/report-store.js';
import { MODEL_CATEGORIES, TEST_SUITES } from '../../../src/safety/probes/catalog.js';
import { buildOpenApi } from '../../../src/server/openapi.js';
import { ROUTES } from '../../../src/server/routes/index.js';
import type { Loose } from '../../support/server.js';

/**
 * Response schemas spell out a few enums the routes would otherwise import from modules
 * they load lazily (startup time). Each must stay the domain's list: a value added to the
 * domain and not to the document would make a valid answer fail the schema.
 */
describe('enums spelt out in response schemas are the domain lists', () => {
  const schemas = (buildOpenApi(ROUTES, '0.0.0') as Loose).components.schemas;

  it('reports: status and format', () => {
    expect(schemas.Report.properties.status.enum).toEqual([...REPORT_STATUSES]);
    expect(schemas.Report.properties.format.enum).toEqual([...REPORT_FORMATS]);
  });

  it('model analysis runs: categories and test suites', () => {
    const run = schemas.ModelAnalysisRun.properties;
    expect(run.categories.items.enum).toEqual([...MODEL_CATEGORIES]);
    expect(Object.keys(run.risk_scores.properties)).toEqual([...MODEL_CATEGORIES]);
    expect(run.test_suite.enum).toEqual([...TEST_SUITES]);
  });

  it('packs: format', () => {
    expect(schemas.PackListItem.properties.format.enum).toEqual([...PACK_FORMATS]);
  });
});
