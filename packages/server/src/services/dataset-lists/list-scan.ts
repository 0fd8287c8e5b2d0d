// Counting a selection by reading every record of the file: the reference the count index must agree with
// (issue 19). One pass gives the selection's count and, for every filter, each value's count given the other
// filters (a record that fails only filter f still counts for f's value: choosing it would add the record).
import {
  LIST_FILTERS,
  availableListFilters,
  listColumnsOf,
  listFilterValue,
  type ListFilterKey,
  type ListSelection,
} from '@store/core';

export interface SelectionCounts {
  total: number;
  records: number;
  /** Per available filter: value -> records (empty values are not counted). */
  facets: Map<ListFilterKey, Map<string, number>>;
  filters: ListFilterKey[];
}

export async function scanSelection(
  header: string[],
  records: AsyncIterable<string[]> | Iterable<string[]>,
  selection: ListSelection,
): Promise<SelectionCounts> {
  const columns = listColumnsOf(header);
  const filters = availableListFilters(columns);
  const facets = new Map<ListFilterKey, Map<string, number>>(filters.map((k) => [k, new Map()]));
  // A chosen filter the file lacks matches no record at all.
  const impossible = LIST_FILTERS.some((f) => selection[f.key] !== undefined && columns[f.key] < 0);
  const chosen = filters.map((k) => {
    const v = selection[k];
    return v === undefined ? null : v === true ? new Set(['1']) : new Set(v);
  });
  let total = 0;
  let matched = 0;
  const values: string[] = new Array(filters.length);
  for await (const record of records) {
    total++;
    if (impossible) continue;
    let failed = -1;
    let failures = 0;
    for (let i = 0; i < filters.length; i++) {
      values[i] = listFilterValue(filters[i]!, record[columns[filters[i]!]]);
      const set = chosen[i];
      if (set && !set.has(values[i]!)) {
        failures++;
        failed = i;
      }
    }
    if (failures === 0) matched++;
    if (failures > 1) continue;
    for (let i = 0; i < filters.length; i++) {
      if (failures === 1 && i !== failed) continue;
      const v = values[i]!;
      if (!v) continue;
      const m = facets.get(filters[i]!)!;
      m.set(v, (m.get(v) ?? 0) + 1);
    }
  }
  return { total, records: matched, facets, filters };
}
