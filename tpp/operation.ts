import { OPERATIONS, type OperationSpec } from '../spec/index.js';

export interface OperationMatch {
  operation?: OperationSpec;
  /** The prefix before `/v1` that was taken as the bank's base path. */
  basePath?: string;
}

/** A path template as a pattern: a path parameter is one non-empty segment. */
function pattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}

const MATCHERS = OPERATIONS.map((operation) => ({ operation, pattern: pattern(operation.path) }))
  // A path without parameters wins over a template that also matches it.
  .sort((a, b) => a.operation.pathParams.length - b.operation.pathParams.length);

function find(method: string, path: string): OperationSpec | undefined {
  return MATCHERS.find((m) => m.operation.method === method && m.pattern.test(path))?.operation;
}

/**
 * The operation a request calls, by method and path (spec/operations.ts, the platform's paths where interface.md
 * shows none). A base path is taken off first: the one given, or else whatever comes before `/v1/`.
 */
export function matchOperation(method: string, path: string, basePath?: string): OperationMatch {
  const base = basePath?.replace(/\/+$/, '');
  if (base && path.startsWith(`${base}/`)) {
    const operation = find(method, path.slice(base.length));
    return { ...(operation ? { operation } : {}), basePath: base };
  }
  const direct = find(method, path);
  if (direct) return { operation: direct };
  const v1 = path.indexOf('/v1/');
  if (v1 > 0) {
    const operation = find(method, path.slice(v1));
    if (operation) return { operation, basePath: path.slice(0, v1) };
  }
  return {};
}
