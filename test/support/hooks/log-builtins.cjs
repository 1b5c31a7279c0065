// Preloaded with --require: at exit, logs each public built-in module the process loaded
// ("BUILTIN crypto") to stderr, so a test can check what a command's start-up costs.
process.on('exit', () => {
  const builtins = process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule ') && !m.includes('internal/'))
    .map((m) => `BUILTIN ${m.slice('NativeModule '.length)}\n`);
  process.stderr.write(builtins.join('')); // a pipe: written synchronously on Linux
});
