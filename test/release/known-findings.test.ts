import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../core/index.js';
import { isExpired, parseKnownFindings, readKnownFindings } from '../../release/known-findings.js';

const GOOD = `findings:
  - id: NCBCT.creditorName.max70
    reason: the 1.22 release refuses 70-character names
    ticket: PSD2-1234
    expires: 2027-03-31
`;

const error = (text: string) => {
  try {
    parseKnownFindings(text, 'kf.yml');
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).exitCode).toBe(2);
    return (err as Error).message;
  }
  throw new Error('parsed');
};

describe('known-findings file', () => {
  it('reads findings: id, reason, ticket and an ISO expiry date', () => {
    expect(parseKnownFindings(GOOD, 'kf.yml')).toEqual([
      {
        id: 'NCBCT.creditorName.max70',
        reason: 'the 1.22 release refuses 70-character names',
        ticket: 'PSD2-1234',
        expires: '2027-03-31',
      },
    ]);
    expect(parseKnownFindings('findings: []\n', 'kf.yml')).toEqual([]);
  });

  it('a malformed file is one line naming the file, the line and the member', () => {
    expect(error(GOOD.replace('2027-03-31', 'next week'))).toBe(
      'kf.yml line 5: findings[0].expires must be an ISO date, YYYY-MM-DD, got next week',
    );
    expect(error(GOOD.replace('2027-03-31', '2027-02-30'))).toContain('must be an ISO date');
    expect(error(GOOD.replace('    ticket: PSD2-1234\n', ''))).toBe(
      'kf.yml line 2: findings[0] must have ticket (every finding has id, reason, ticket, expires)',
    );
    expect(error(GOOD.replace('expires:', 'expiry:'))).toBe(
      'kf.yml line 2: findings[0] must not have expiry (did you mean expires?)',
    );
    expect(error('findings:\n  - id: [\n')).toMatch(/^kf\.yml line \d: not YAML \(/);
    expect(error('- id: x\n')).toBe('kf.yml line 1: the file must be a mapping');
    expect(error('findings: {}\n')).toBe('kf.yml line 1: findings must be a list');
    expect(error(GOOD.replace('PSD2-1234', "''"))).toBe('kf.yml line 4: findings[0].ticket must not be empty, got ');
  });

  it('a file that cannot be read is one line too', () => {
    expect(() => readKnownFindings('/nonexistent/kf.yml')).toThrow(
      '--known-findings /nonexistent/kf.yml cannot be read (ENOENT)',
    );
    const dir = mkdtempSync(join(tmpdir(), 'kf-'));
    writeFileSync(join(dir, 'kf.yml'), GOOD);
    expect(readKnownFindings(join(dir, 'kf.yml'))).toHaveLength(1);
  });

  it('a finding is known through its expiry day', () => {
    const f = { id: 'x', reason: 'r', ticket: 't', expires: '2026-06-01' };
    expect(isExpired(f, '2026-06-01')).toBe(false);
    expect(isExpired(f, '2026-06-02')).toBe(true);
  });
});
