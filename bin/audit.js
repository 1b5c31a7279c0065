#!/usr/bin/env node
// Where Node can require() an ES module (20.19+, 22.12+), the CLI's static module graph
// loads synchronously: the ESM loader reads each file asynchronously, a thread hand-off per
// module, which cost about a tenth of `evid status`'s start-up. (A top-level await in that
// graph would make require() throw: keep them out of it.)
import { createRequire } from 'node:module';

const { main } = process.features.require_module
  ? createRequire(import.meta.url)('../dist/cli/main.js')
  : await import('../dist/cli/main.js');
process.exitCode = await main(process.argv.slice(2), 'audit');
