import type { Stack } from './stack.js';

/** One printed figure: value next to its target; `ok` null when there is no target. */
export interface BenchFigure {
  label: string;
  value: string;
  target?: string;
  ok?: boolean | null;
}

export interface BenchContext {
  stack: Stack;
  /** Milliseconds left in the bench's time budget. */
  remainingMs(): number;
  log(line: string): void;
}

/**
 * A bench section: it measures something against the running stack and returns its figures. Services
 * add theirs by exporting `sections: BenchSection[]` from `<workspace>/dist/bench.js`.
 */
export interface BenchSection {
  name: string;
  run(context: BenchContext): Promise<BenchFigure[]>;
}
