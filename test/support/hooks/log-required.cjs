// Preloaded with --require: at exit, logs each file in the CommonJS module cache
// ("REQUIRED /path") to stderr. require() of data (a JSON rule file) passes no import hook,
// so log-imports.mjs cannot see it; this can.
process.on('exit', () => {
  // eslint-disable-next-line no-undef -- a CommonJS preload: `require` is its own
  const files = Object.keys(require.cache).map((f) => `REQUIRED ${f}\n`);
  process.stderr.write(files.join('')); // a pipe: written synchronously on Linux
});
