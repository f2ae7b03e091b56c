import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.js';
import type { RunContext } from '../../suites/support/context.js';
import { scaDriverFor, scaSkip } from '../../suites/support/journeys/driver.js';
import { linksOf, pathAfterBase } from '../../suites/support/journeys/links.js';
import { EXAMPLES, Plan, plans } from '../../suites/support/journeys/model.js';

const ctxAt = (baseUrl: string, env: Record<string, string> = {}, profile: RunContext['profile'] = 'embedded') =>
  ({ baseUrl, profile, config: loadConfig({ env, envFile: false }) }) as RunContext;

describe('journey links (suites/support/journeys/links.ts)', () => {
  it('a link relative to base_url, one carrying its prefix and an absolute one under it give the same path', () => {
    const ctx = ctxAt('http://127.0.0.1:9/api-sandbox');
    for (const href of ['/v1/p/1/status', '/api-sandbox/v1/p/1/status', 'http://127.0.0.1:9/api-sandbox/v1/p/1/status'])
      expect(pathAfterBase(ctx, href), href).toBe('/v1/p/1/status');
    expect(pathAfterBase(ctx, 'https://elsewhere.example/v1/p')).toBeUndefined();
    expect(pathAfterBase(ctxAt('http://127.0.0.1:9'), '/v1/x?y=1')).toBe('/v1/x?y=1');
  });

  it('linksOf reads every Link of _links with where it came from, and skips members without href', () => {
    const json = { _links: { self: { href: '/a', verbs: ['GET'] }, odd: { verbs: ['GET'] }, bare: { href: '/b' } } };
    expect(linksOf(json, 'p1')).toEqual([
      { name: 'self', href: '/a', verbs: ['GET'], from: 'p1' },
      { name: 'bare', href: '/b', verbs: [], from: 'p1' },
    ]);
    expect(linksOf({}, 'p1')).toEqual([]);
  });
});

describe('the SCA driver of a run', () => {
  it('unset: embedded against the embedded bank, manual (not testable) against BASE_URL', () => {
    expect(scaDriverFor(ctxAt('http://127.0.0.1:9')).name).toBe('embedded');
    expect(scaSkip(ctxAt('http://127.0.0.1:9'))).toBe(false);
    expect(scaSkip(ctxAt('https://bank.example', {}, 'sandbox'))).toMatch(/^SCA_DRIVER=manual/);
    expect(scaDriverFor(ctxAt('https://bank.example', { SCA_DRIVER: 'embedded' }, 'sandbox')).name).toBe('embedded');
  });

  it('SCA_DRIVER=http needs both templates; an unknown driver is refused with the values it takes', () => {
    expect(() =>
      loadConfig({ env: { SCA_DRIVER: 'http', SCA_APPROVE_URL: '{scaRedirect}?ok' }, envFile: false }),
    ).toThrow('SCA_DRIVER=http needs SCA_APPROVE_URL and SCA_DENY_URL');
    expect(() => loadConfig({ env: { SCA_DRIVER: 'robot' }, envFile: false })).toThrow(
      'SCA_DRIVER must be one of embedded, http, manual, got "robot"',
    );
    const http = loadConfig({
      env: { SCA_DRIVER: 'http', SCA_APPROVE_URL: 'form:Ok', SCA_DENY_URL: 'form:No' },
      envFile: false,
    });
    expect(http.sca).toEqual({ driver: 'http', approveUrl: 'form:Ok', denyUrl: 'form:No' });
    expect(() => loadConfig({ env: { SECOND_TPP_CERT_PATH: 'c.pem' }, envFile: false })).toThrow(
      'SECOND_TPP_CERT_PATH and SECOND_TPP_KEY_PATH must be set together',
    );
  });
});

describe('the journey model (suites/support/journeys/model.ts)', () => {
  it('a plan prints the numbered steps of its last run, else its commands', () => {
    const plan = new Plan([]);
    expect(plan.toJSON()).toBe('');
    plan.ran = ['create NCBCT payment p1 → RCVD', 'read the status of p1 → RCVD'];
    expect(JSON.parse(JSON.stringify(plan))).toEqual([
      '1. create NCBCT payment p1 → RCVD',
      '2. read the status of p1 → RCVD',
    ]);
  });

  it('the examples are at most 6 steps each; generated plans are deterministic for a seed', () => {
    for (const example of EXAMPLES) expect([...example].length).toBeLessThanOrEqual(6);
    const a = fc.sample(plans(7), { seed: 7, numRuns: 3 }).map((p) => [...p].map(String));
    const b = fc.sample(plans(7), { seed: 7, numRuns: 3 }).map((p) => [...p].map(String));
    expect(a.flat().length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });
});
