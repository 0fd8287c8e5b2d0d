// Shared request schemas of the route files. They validate requests and, through @fastify/swagger, become the OpenAPI document.
import { z } from 'zod';
import { hasUnsafeTextCharacters, isRecordId, UNSAFE_TEXT_MESSAGE } from '@store/core';
import { IGNORED_QUERY_PARAMS } from '../domain/ignored-params.ts';

export const recordId = z.string().refine((v) => isRecordId(v), 'must be a 15- or 18-character record id');
/** Query flags arrive as text; the platform accepts true/false in any case. */
export const flag = z
  .enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False'])
  .transform((v) => v.toLowerCase() === 'true');
/** Comma-separated lists, also accepted as repeated parameters. */
export const csv = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean),
);
/** A page token is a page number this server handed out: a bounded whole number, never a float offset in SQL. */
export const pageToken = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a page token')
  .transform(Number)
  .optional();
/**
 * A decimal (quantity, price, range bound) sent as a JSON number or a string. Bounded: 1e308 is a valid JSON
 * number, and a product of two such overflows to Infinity, so a number beyond any real quantity or price is bad
 * input here rather than a fault later. 1e15 is under 2^53, so every whole number in range is exact.
 */
export const MAX_DECIMAL_INPUT = 1e15;
export const decimalInput = (maxLength: number, params?: { error: string }) =>
  z.union([z.string().max(maxLength), z.number().min(-MAX_DECIMAL_INPUT).max(MAX_DECIMAL_INPUT)], params);
/** The account a call acts for: a record id when given (empty reads as absent), checked on every route, also on
 * those that name the account in the path and would otherwise never look at it. */
export const optionalAccount = z
  .string()
  .max(18)
  .refine((v) => v === '' || isRecordId(v), 'must be a 15- or 18-character record id')
  .optional();

export const webstoreParams = z.object({ webstoreId: z.string().min(1).max(40) });

/** Parameters every route accepts and ignores (the site runtime appends them). */
export const ignoredParams = Object.fromEntries(IGNORED_QUERY_PARAMS.map((name) => [name, z.string().optional()])) as {
  [K in (typeof IGNORED_QUERY_PARAMS)[number]]: z.ZodOptional<z.ZodString>;
};

/**
 * Free text the store keeps or acts on (names, address lines, company, coupon codes, search terms): at most
 * `max` characters, without control or bidi override characters (core text-safety.ts), refused with 400.
 */
export const freeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasUnsafeTextCharacters(v), UNSAFE_TEXT_MESSAGE);
/** Free text that may span lines (notes, shipping instructions): tabs and line breaks allowed. */
export const multilineText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasUnsafeTextCharacters(v, { multiline: true }), UNSAFE_TEXT_MESSAGE);
