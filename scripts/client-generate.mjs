// Writes src/client/openapi.ts from the built server's routes (run through npm run client:generate).
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApi } from '../dist/server/openapi.js';
import { ROUTES } from '../dist/server/routes/index.js';
import { CLIENT_TYPES_FILE, clientTypes } from './client-types.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
writeFileSync(
  new URL(`../${CLIENT_TYPES_FILE}`, import.meta.url),
  await clientTypes(buildOpenApi(ROUTES, version)),
);
console.log(`wrote ${CLIENT_TYPES_FILE}`);
