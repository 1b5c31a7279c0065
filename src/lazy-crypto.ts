/**
 * node:crypto, loaded on first use. Loading it costs about as much as loading commander
 * (~50M instructions, a tenth of `node -e 0`), and most invocations (status, lists, help)
 * never hash or sign: modules on the store's import path take it from here instead of a
 * static `import ... from 'node:crypto'` (types still come from there with `import type`).
 */
type NodeCrypto = typeof import('node:crypto');

let loaded: NodeCrypto | undefined;

export const nodeCrypto = (): NodeCrypto => (loaded ??= process.getBuiltinModule('node:crypto'));
