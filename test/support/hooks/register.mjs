import { register } from 'node:module';

register(new URL('./log-imports.mjs', import.meta.url));
// The bins require() the CLI where Node can (bin/evid.js), and a synchronous require() of an
// ES module passes no asynchronous hook: take the import() path, so every module is seen.
// The module graph is the same either way.
Object.defineProperty(process.features, 'require_module', { value: false });
