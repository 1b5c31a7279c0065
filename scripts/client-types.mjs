// The typed client's types from the server's OpenAPI document (openapi-typescript): one
// transform shared by `npm run client:generate` and the test that fails on drift.
import openapiTS, { astToString } from 'openapi-typescript';

export const CLIENT_TYPES_FILE = 'src/client/openapi.ts';

const HEADER = `/**
 * Generated from the server's OpenAPI document by \`npm run client:generate\`
 * (openapi-typescript). Do not edit: test/unit/client-types.test.ts fails when it drifts.
 */
`;

export async function clientTypes(document) {
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}
