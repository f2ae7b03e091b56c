/** Small run views for the release lens's tests, written out by hand (the expected results are not computed). */
import type { Level } from '../../spec/index.js';
import type { RequirementVerdict, RunView, TestState, TestVerdict } from '../../release/run-view.js';

export const test = (
  name: string,
  state: TestState,
  options: { level?: Level; broke?: string[]; cites?: string[] } = {},
): TestVerdict => ({
  name,
  level: options.level ?? 'MUST',
  state,
  cites: options.cites ?? options.broke ?? [],
  broke: state === 'failed' ? (options.broke ?? []) : [],
});

export const rule = (id: string, state: string, level: Level = 'MUST'): RequirementVerdict => ({
  id,
  level,
  state,
  tests: [],
});

export const view = (tests: TestVerdict[], requirements: RequirementVerdict[] = [], target = 'bank A'): RunView => ({
  target,
  seed: 7,
  completed: true,
  tests,
  requirements,
});
