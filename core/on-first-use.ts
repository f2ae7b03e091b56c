import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded when it is first used rather than when its importer is: for packages a command needs only
 * at its end (junit.xml's builder, Allure's SDK) or only with an option (a known-findings file). Imported up front,
 * they cost every run's start before its first request (about 150 ms together on 2 cores, 2026-11-26).
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
