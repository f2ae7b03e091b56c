/**
 * `fleet matrix`: the banks of a targets file as the job matrix of CI's own fan-out, so that a fleet of a hundred banks
 * runs on as many CI machines as the team allows, with no scheduler of ours: GitHub Actions' `strategy.matrix` (JSON,
 * one line, for `$GITHUB_OUTPUT` and `fromJSON`) or GitLab's `parallel:matrix` (a YAML fragment). Names only: each
 * job reads its bank's URL and variables from the targets file itself (`fleet run FILE --bank NAME`).
 */
import { stringify } from 'yaml';
import type { Targets } from './targets.js';

export const MATRIX_FORMATS = ['github', 'gitlab'] as const;
export type MatrixFormat = (typeof MATRIX_FORMATS)[number];

/** GitHub Actions: `{"include":[{"bank":"bank-a"},…]}`, one line. */
export const githubMatrix = (targets: Targets): string =>
  JSON.stringify({ include: targets.banks.map((b) => ({ bank: b.name })) });

/** GitLab CI: `parallel: matrix: [{BANK: [bank-a, …]}]`, to go under the job that runs one bank. */
export const gitlabMatrix = (targets: Targets): string =>
  stringify({ parallel: { matrix: [{ BANK: targets.banks.map((b) => b.name) }] } }).trimEnd();

export const matrixOf = (targets: Targets, format: MatrixFormat): string =>
  format === 'gitlab' ? gitlabMatrix(targets) : githubMatrix(targets);
