// Counts every better-sqlite3 statement run in this process (and, when asked, keeps each text's count and the
// wall time its runs took inside SQLite): the in-process profilers' "statements per request". Patches the statement prototype, so it must run before the
// requests it counts; counting is process-wide.
export interface StatementCounter {
  /** Statements run since the last reset. */
  readonly count: number;
  /** Each statement text's runs and their time in nanoseconds since the last reset (empty unless texts were asked for). */
  readonly texts: Map<string, { runs: number; nanos: number }>;
  reset(): void;
}

export async function countStatements(keepTexts: boolean): Promise<StatementCounter> {
  const counter = { count: 0, texts: new Map<string, { runs: number; nanos: number }>(), reset: () => {} };
  counter.reset = () => {
    counter.count = 0;
    counter.texts.clear();
  };
  const raw = new (await import('better-sqlite3')).default(':memory:');
  const proto = Object.getPrototypeOf(raw.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  for (const m of ['all', 'get', 'run', 'iterate']) {
    const orig = proto[m]!;
    proto[m] = function (this: { source: string }, ...a: unknown[]) {
      counter.count++;
      if (!keepTexts) return orig.apply(this, a);
      const t0 = process.hrtime.bigint();
      try {
        return orig.apply(this, a);
      } finally {
        const seen = counter.texts.get(this.source) ?? { runs: 0, nanos: 0 };
        seen.runs++;
        seen.nanos += Number(process.hrtime.bigint() - t0);
        counter.texts.set(this.source, seen);
      }
    };
  }
  raw.close();
  return counter;
}
