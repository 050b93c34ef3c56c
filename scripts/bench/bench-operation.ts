import type { BenchDatabase } from './bench-databases';
import type { BenchRow } from './bench-table';

// A measured operation: runs against one database (asking it for fresh databases as it needs)
// and returns its rows. Adding a measurement = adding a module and listing it in scripts/bench.ts.

export interface BenchContext {
  database: BenchDatabase;
  /** Facts for the main measurement (--facts, default 100,000; --quick 10,000). */
  facts: number;
  /** Facts for naive baselines, which are much slower. */
  baselineFacts: number;
  /** Facts for the large-scope rows (--large, default 1,000,000; 0 skips them). */
  largeFacts: number;
  seed: number;
  log: (line: string) => void;
}

export interface BenchOperation {
  name: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}
