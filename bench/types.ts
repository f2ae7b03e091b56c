/** One measured figure, e.g. `{ label: 'node:crypto', value: 812.4, unit: 'requests/s' }`. */
export interface BenchFigure {
  label: string;
  value: number;
  unit: string;
}

export interface BenchResult {
  name: string;
  /** What one operation is, in words. */
  operation: string;
  figures: BenchFigure[];
  /** Named ratios between figures, e.g. `{ label: 'node:crypto / node-forge', value: 14.2 }`. */
  ratios: { label: string; value: number }[];
}

export interface BenchModule {
  name: string;
  run(options?: { durationMs?: number }): Promise<BenchResult>;
}
