import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface Locked {
  engines?: Record<string, string> | string[];
}
const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;
const manifest = read<{ engines: { node: string } } & Record<string, unknown>>('package.json');
const lock = read<{ packages: Record<string, Locked> }>('package-lock.json');

describe('package.json', () => {
  it('every installed package supports the oldest Node the package says it runs on (npm ci warns of none)', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version as string;
    expect(oldest).toBe('20.19.0');
    const refusing = Object.entries(lock.packages).flatMap(([path, { engines }]) => {
      const node = engines && !Array.isArray(engines) ? engines.node : undefined;
      return node && !semver.satisfies(oldest, node) ? [`${path} needs node ${node}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it('names where the project lives: repository, homepage and bugs', () => {
    expect(manifest.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\//) });
    expect(manifest.homepage).toMatch(/^https:\/\/.+#readme$/);
    expect(manifest.bugs).toMatchObject({ url: expect.stringMatching(/^https:\/\/.+\/issues$/) });
  });
});
