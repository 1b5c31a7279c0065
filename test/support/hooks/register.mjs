import { register } from 'node:module';

register(new URL('./log-imports.mjs', import.meta.url));
