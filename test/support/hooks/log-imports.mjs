// A module-resolution hook that logs every resolved module to stderr ("IMPORT <url>"), so
// a test can check which modules a command loads at start-up.
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (!result.url.startsWith('node:')) process.stderr.write(`IMPORT ${result.url}\n`);
  return result;
}
