// Content delivery calls (issue 16; spec 03 §5 "Content delivery", §7, §8): a site's or a channel's managed
// content, a page of it or one item by content key or managed content id. Spec 03 §5: a TypeError before any
// request for an empty site or channel id, a missing key or id on the single call, an id that does not start
// with 0DM (site) or 0ap (channel), or an argument of the wrong type. A failure is a CommerceFetchError, whose
// message is the answer's status text (spec 03 §8).
import {
  CONTENT_ID_PREFIXES,
  type ContentDeliveryItemQuery,
  type ContentDeliveryQuery,
  type ManagedContentDeliveryDocument,
  type ManagedContentDeliveryDocumentCollection,
} from '@store/core';
import type { CallOptions } from './call-options.ts';
import type { Http, QueryParams } from './http.ts';

/** The collection query (core ContentDeliveryQuery) with the call's own options. */
export interface GetContentsOptions extends CallOptions, ContentDeliveryQuery {}

/** The single-item query (core ContentDeliveryItemQuery) with the call's own options. */
export interface GetContentOptions extends CallOptions, ContentDeliveryItemQuery {}

export interface ContentCalls {
  getSiteContents(siteId: string, query?: GetContentsOptions): Promise<ManagedContentDeliveryDocumentCollection>;
  getSiteContent(
    siteId: string,
    contentKeyOrId: string,
    query?: GetContentOptions,
  ): Promise<ManagedContentDeliveryDocument>;
  getChannelContents(channelId: string, query?: GetContentsOptions): Promise<ManagedContentDeliveryDocumentCollection>;
  getChannelContent(
    channelId: string,
    contentKeyOrId: string,
    query?: GetContentOptions,
  ): Promise<ManagedContentDeliveryDocument>;
}

type Kind = 'site' | 'channel';

/** Spec 03 §5: a non-empty site or channel id starting with its prefix (0DM, 0ap). */
function requireChannelOrSiteId(value: unknown, kind: Kind): string {
  const name = kind === 'site' ? 'siteId' : 'channelId';
  if (typeof value !== 'string' || value.trim() === '')
    throw new TypeError(`'${name}' is required and must be a non-empty string.`);
  const prefix = CONTENT_ID_PREFIXES[kind];
  if (!value.startsWith(prefix)) throw new TypeError(`'${name}' must start with ${prefix}: ${value}`);
  return value;
}

function requireKeyOrId(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new TypeError("'contentKeyOrId' is required: a content key or a managed content id.");
  return value;
}

const optional = <T>(value: T | undefined, ok: (v: unknown) => boolean, name: string, what: string): T | undefined => {
  if (value !== undefined && !ok(value)) throw new TypeError(`'${name}' must be ${what}.`);
  return value;
};
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isBoolean = (v: unknown) => typeof v === 'boolean';
const isString = (v: unknown) => typeof v === 'string';
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Spec 03 §5 types: lists of strings, a string type name, numbers, booleans. Checked before any request. */
function contentsQuery(o: GetContentsOptions): QueryParams {
  return {
    contentKeys: optional(o.contentKeys, isStringArray, 'contentKeys', 'an array of strings'),
    managedContentIds: optional(o.managedContentIds, isStringArray, 'managedContentIds', 'an array of strings'),
    contentTypeFQN: optional(o.contentTypeFQN, isString, 'contentTypeFQN', 'a string'),
    page: optional(o.page, isNumber, 'page', 'a number'),
    pageSize: optional(o.pageSize, isNumber, 'pageSize', 'a number'),
    referenceDepth: optional(o.referenceDepth, isNumber, 'referenceDepth', 'a number'),
    includeContentBody: optional(o.includeContentBody, isBoolean, 'includeContentBody', 'a boolean'),
    language: optional(o.language, isString, 'language', 'a string'),
    publishStartDate: optional(o.publishStartDate, isString, 'publishStartDate', 'a string'),
    publishEndDate: optional(o.publishEndDate, isString, 'publishEndDate', 'a string'),
    expandReferences: optional(o.expandReferences, isBoolean, 'expandReferences', 'a boolean'),
  };
}

function contentQuery(o: GetContentOptions): QueryParams {
  return {
    referenceDepth: optional(o.referenceDepth, isNumber, 'referenceDepth', 'a number'),
    language: optional(o.language, isString, 'language', 'a string'),
    expandReferences: optional(o.expandReferences, isBoolean, 'expandReferences', 'a boolean'),
    referencesAsList: optional(o.referencesAsList, isBoolean, 'referencesAsList', 'a boolean'),
    showAbsoluteUrl: optional(o.showAbsoluteUrl, isBoolean, 'showAbsoluteUrl', 'a boolean'),
  };
}

export function createContentCalls(http: Http): ContentCalls {
  /** The contents path of a site or channel (core siteContentsPath / channelContentsPath, under connect/). */
  const base = (kind: Kind, id: string) =>
    kind === 'site'
      ? http.connectPath('sites', id, 'cms', 'delivery', 'contents')
      : http.connectPath('cms', 'delivery', 'channels', id, 'contents');

  async function many(kind: Kind, id: unknown, o: GetContentsOptions = {}) {
    const path = base(kind, requireChannelOrSiteId(id, kind));
    const query = contentsQuery(o ?? {});
    return (await http.request<ManagedContentDeliveryDocumentCollection>({ path, query, signal: o?.signal })).data;
  }

  async function one(kind: Kind, id: unknown, keyOrId: unknown, o: GetContentOptions = {}) {
    const root = base(kind, requireChannelOrSiteId(id, kind));
    const path = `${root}/${encodeURIComponent(requireKeyOrId(keyOrId))}`;
    const query = contentQuery(o ?? {});
    return (await http.request<ManagedContentDeliveryDocument>({ path, query, signal: o?.signal })).data;
  }

  return {
    getSiteContents: (siteId, query) => many('site', siteId, query),
    getSiteContent: (siteId, keyOrId, query) => one('site', siteId, keyOrId, query),
    getChannelContents: (channelId, query) => many('channel', channelId, query),
    getChannelContent: (channelId, keyOrId, query) => one('channel', channelId, keyOrId, query),
  };
}
