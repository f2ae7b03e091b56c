// Loader hooks of a suite worker running the compiled tree (compiled-tree.mjs): vitest imports a suite by its
// TypeScript file, and this resolves that file to its compiled twin. Every other module resolves as Node would.
let source;
let tree;

export function initialize(data) {
  ({ source, tree } = data);
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith(source) && resolved.url.endsWith('.ts'))
    return { url: `${tree}${resolved.url.slice(source.length, -3)}.js`, format: 'module', shortCircuit: true };
  return resolved;
}
