// Server-side paging and sorting for the workspace's tables: a page number and size, and a sort key from the
// table's own list (`name`, or `-name` for descending). An unknown sort key is bad input (400), never a column
// name passed on to SQL; every sort ends on the table's unique key so pages never overlap or skip a row.
import type { TablePage } from '@store/core';
import { badInput } from '../../domain/errors.ts';

export const MAX_PAGE_SIZE = 100;

export interface TableRequest {
  /** 1-based. */
  page?: number;
  pageSize?: number;
  sort?: string;
}

export interface TableSort {
  /** The key as asked (`-name`), echoed in the answer. */
  key: string;
  column: string;
  direction: 'asc' | 'desc';
}

/** The sort a request asks for, over the table's sortable columns (key → SQL column). */
export function tableSort(asked: string | undefined, columns: Record<string, string>, fallback: string): TableSort {
  const key = asked?.trim() || fallback;
  const name = key.startsWith('-') ? key.slice(1) : key;
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) throw badInput(`sort must be one of ${Object.keys(columns).join(', ')} (with - for descending).`);
  return { key, column, direction: key.startsWith('-') ? 'desc' : 'asc' };
}

/** LIMIT and OFFSET of the asked page. */
export function pageWindow(req: TableRequest): { page: number; pageSize: number; limit: number; offset: number } {
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, req.pageSize ?? 25));
  const page = Math.max(1, req.page ?? 1);
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

export function tablePage<T>(items: T[], total: number, req: TableRequest, sort: TableSort): TablePage<T> {
  const { page, pageSize } = pageWindow(req);
  return { items, total, page, pageSize, pageCount: Math.ceil(total / pageSize), sort: sort.key };
}

/** A LIKE pattern that finds the text anywhere, with the pattern's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
