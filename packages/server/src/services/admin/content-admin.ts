// Managed content in the workspace (issue 16 item 7): the table of items, one item with its working and live
// copies, create, change (refused with 409 when someone saved since the revision the editor read), publish
// (the working copy becomes the live copy), unpublish (the live copy goes), delete (refused while another
// item refers to it), and an image item's bytes and alternative text. Every body is checked against its type
// (content-bodies.ts), its references against the store (content-references.ts), its rich text sanitised
// (content-rich-text.ts). Each write and its audit entry commit together (RecordedChanges). The delivery API
// reads these rows directly with no cache of its own to clear, so a publish shows on the next page read.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  cmsMediaPath,
  CONTENT_ID_PREFIXES,
  CONTENT_TYPES,
  contentUrlNameProblem,
  type AdminContentCreate,
  type AdminContentItem,
  type AdminContentQuery,
  type AdminContentStatus,
  type AdminContentSummary,
  type AdminContentUpdate,
  type BlockDefinition,
  type ContentTypeFqn,
  type PageLayoutContentBody,
  type ProductImageUploadType,
  type TablePage,
} from '@store/core';
import type { Database, ManagedContentTable } from '../../db/schema.ts';
import { allocateIds } from '../../db/ids.ts';
import { forUpdate } from '../../db/locks.ts';
import { ApiError, badInput, notFound } from '../../domain/errors.ts';
import { checkedId } from '../../domain/record-ids.ts';
import { normaliseUpload, storedImageColumns } from '../../datasets/uploaded-image.ts';
import type { RecordedChanges } from './recorded-change.ts';
import type { Actor } from './workspace-access.ts';
import { containsPattern, pageWindow, tablePage, tableSort } from './table-query.ts';
import { contentBodySchema } from './content-bodies.ts';
import { checkReferences, itemUsing, referencesOf } from './content-references.ts';
import { sanitiseContentHtml } from './content-rich-text.ts';

const SORTS = { title: 'title', updatedAt: 'updated_at', type: 'type_fqn', urlName: 'url_name' };
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

type Body = Record<string, unknown>;
type Row = Selectable<ManagedContentTable>;

/** MC + 26 random upper-case letters and digits (core CONTENT_KEY_PATTERN); unguessable from another key. */
function newContentKey(): string {
  let key = 'MC';
  for (const b of randomBytes(26)) key += KEY_ALPHABET[b % KEY_ALPHABET.length];
  return key;
}

const conflict = (code: string, message: string) => new ApiError(409, code, message);

/** JSON with every object's keys sorted: two bodies that differ only in key order are the same body. */
function canonical(json: string): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Body)[k])]),
          )
        : v;
  return JSON.stringify(sort(JSON.parse(json)));
}

function statusOf(r: Row): AdminContentStatus {
  if (r.live_body_json === null) return 'Draft';
  const same =
    r.live_title === r.title &&
    r.live_url_name === r.url_name &&
    (r.live_body_json === r.body_json || canonical(r.live_body_json) === canonical(r.body_json));
  return same ? 'Live' : 'Changed';
}

function summaryOf(r: Row): AdminContentSummary {
  return {
    managedContentId: r.id,
    contentKey: r.content_key,
    type: r.type_fqn as ContentTypeFqn,
    title: r.title,
    urlName: r.url_name,
    status: statusOf(r),
    publishedAt: r.published_at,
    updatedAt: r.updated_at,
    revision: r.revision,
  };
}

/** The body as stored: checked against its type, rich text sanitised, an image's source the server's own. */
function cleanBody(type: ContentTypeFqn, body: unknown, contentKey: string, previous: Body | null): Body {
  const parsed = contentBodySchema(type).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.length ? `body.${issue.path.join('.')}` : 'body';
    throw badInput(`${path}: ${issue.message}`);
  }
  const b: Body = parsed.data;
  if (type === CONTENT_TYPES.richText) b.html = sanitiseContentHtml(String(b.html));
  if (type === CONTENT_TYPES.image)
    b.source = previous?.source ?? { url: cmsMediaPath(contentKey), mimeType: '', width: 0, height: 0 };
  if (type === CONTENT_TYPES.pageLayout)
    for (const section of (b as unknown as PageLayoutContentBody).sections)
      for (const column of section.columns) sanitiseBlocks(column.components);
  return b;
}

function sanitiseBlocks(blocks: BlockDefinition[]): void {
  for (const block of blocks) {
    if (block.type === 'richText' && block.value !== undefined) block.value = sanitiseContentHtml(block.value);
    if (block.type === 'responsiveWrapper') sanitiseBlocks(block.components);
  }
}

function checkWindow(start: string | null, end: string | null): void {
  if (start && end && Date.parse(start) >= Date.parse(end))
    throw badInput('publishEndAt must be after publishStartAt.');
}

export class ContentAdmin {
  constructor(
    private db: Kysely<Database>,
    private changes: RecordedChanges,
  ) {}

  async list(webstoreId: string, f: AdminContentQuery): Promise<TablePage<AdminContentSummary>> {
    const sort = tableSort(f.sort, SORTS, 'title');
    const { limit, offset } = pageWindow(f);
    const filtered = this.db
      .selectFrom('managed_content')
      .where('webstore_id', '=', webstoreId)
      .$if(!!f.type, (q) => q.where('type_fqn', '=', f.type!))
      .$if(!!f.q?.trim(), (q) => q.where(sql`lower(title)`, 'like', sql`${containsPattern(f.q!.trim())} escape '\\'`));
    const [rows, count] = await Promise.all([
      filtered
        .selectAll()
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return tablePage(rows.map(summaryOf), Number(count.n), f, sort);
  }

  async get(webstoreId: string, id: string): Promise<AdminContentItem> {
    return this.itemOf(this.db, await this.row(this.db, webstoreId, id));
  }

  async create(webstoreId: string, actor: Actor, input: AdminContentCreate): Promise<AdminContentItem> {
    const contentKey = newContentKey();
    const urlName = this.urlName(input.urlName);
    const body = cleanBody(input.type, input.body, contentKey, null);
    await checkReferences(this.db, webstoreId, referencesOf(input.type, body));
    const [id] = await allocateIds(this.db, CONTENT_ID_PREFIXES.managedContent);
    return this.changes.run(webstoreId, actor, async (trx) => {
      await this.urlNameFree(trx, webstoreId, input.type, urlName, null);
      const now = new Date().toISOString();
      await trx
        .insertInto('managed_content')
        .values({
          id: id!,
          content_key: contentKey,
          webstore_id: webstoreId,
          type_fqn: input.type,
          title: input.title.trim(),
          url_name: urlName,
          body_json: JSON.stringify(body),
          live_title: null,
          live_url_name: null,
          live_body_json: null,
          published_at: null,
          publish_start_at: null,
          publish_end_at: null,
          revision: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const after = await this.itemOf(trx, await this.row(trx, webstoreId, id!));
      return { result: after, change: this.change('createContent', after, null, after) };
    });
  }

  async update(webstoreId: string, actor: Actor, id: string, input: AdminContentUpdate): Promise<AdminContentItem> {
    const current = await this.row(this.db, webstoreId, id);
    const type = current.type_fqn as ContentTypeFqn;
    const urlName = input.urlName === undefined ? undefined : this.urlName(input.urlName);
    const body =
      input.body === undefined
        ? undefined
        : cleanBody(type, input.body, current.content_key, JSON.parse(current.body_json) as Body);
    if (body) await checkReferences(this.db, webstoreId, referencesOf(type, body));
    return this.write(webstoreId, actor, id, 'updateContent', input.revision, async (trx, row) => {
      if (urlName !== undefined) await this.urlNameFree(trx, webstoreId, type, urlName, row.id);
      const start = input.publishStartAt === undefined ? row.publish_start_at : input.publishStartAt;
      const end = input.publishEndAt === undefined ? row.publish_end_at : input.publishEndAt;
      checkWindow(start, end);
      // An image's source may have changed (an upload) since the body was read: keep the stored one.
      const stored =
        body && type === CONTENT_TYPES.image ? { ...body, source: JSON.parse(row.body_json).source } : body;
      return {
        ...(input.title !== undefined ? { title: input.title.trim() } : {}),
        ...(urlName !== undefined ? { url_name: urlName } : {}),
        ...(stored ? { body_json: JSON.stringify(stored) } : {}),
        publish_start_at: start,
        publish_end_at: end,
      };
    });
  }

  async publish(webstoreId: string, actor: Actor, id: string): Promise<AdminContentItem> {
    return this.write(webstoreId, actor, id, 'publishContent', null, async (_trx, row) => {
      if (row.type_fqn === CONTENT_TYPES.image) {
        if (!(await this.media(_trx, row.id)))
          throw conflict('NOT_APPLICABLE', 'Upload the image before publishing it.');
        await publishMedia(_trx, row.id);
      }
      return {
        live_title: row.title,
        live_url_name: row.url_name,
        live_body_json: row.body_json,
        published_at: new Date().toISOString(),
      };
    });
  }

  async unpublish(webstoreId: string, actor: Actor, id: string): Promise<AdminContentItem> {
    return this.write(webstoreId, actor, id, 'unpublishContent', null, async (_trx, row) => {
      if (row.live_body_json === null) throw conflict('NOT_APPLICABLE', 'This item is not published.');
      await _trx.deleteFrom('cms_media_live').where('content_id', '=', row.id).execute();
      return { live_title: null, live_url_name: null, live_body_json: null, published_at: null };
    });
  }

  async remove(webstoreId: string, actor: Actor, id: string): Promise<void> {
    await this.changes.run(webstoreId, actor, async (trx) => {
      const row = await this.row(trx, webstoreId, id, true);
      const user = await itemUsing(trx, webstoreId, row.content_key);
      if (user)
        throw conflict(
          'ENTITY_IS_IN_USE',
          `"${user.title}" (${user.content_key}) uses this item; take it out there before deleting it.`,
        );
      const before = await this.itemOf(trx, row);
      await trx.deleteFrom('cms_media').where('content_id', '=', row.id).execute();
      await trx.deleteFrom('cms_media_live').where('content_id', '=', row.id).execute();
      await trx.deleteFrom('managed_content').where('id', '=', row.id).execute();
      return { result: undefined, change: this.change('deleteContent', before, before, null) };
    });
  }

  /** An image item's bytes (checked and normalised like a product's image), and its alt text when sent. */
  async uploadImage(
    webstoreId: string,
    actor: Actor,
    id: string,
    bytes: Buffer,
    contentType: ProductImageUploadType,
    altText: string | undefined,
  ): Promise<AdminContentItem> {
    const first = await this.row(this.db, webstoreId, id);
    if (first.type_fqn !== CONTENT_TYPES.image) throw badInput('Only an image item takes an image.');
    const image = await normaliseUpload(bytes, contentType);
    return this.write(webstoreId, actor, id, 'uploadContentImage', null, async (trx, row) => {
      const media = { webstore_id: webstoreId, ...storedImageColumns(image) };
      await trx
        .insertInto('cms_media')
        .values({ content_id: row.id, ...media })
        .onConflict((oc) => oc.column('content_id').doUpdateSet(media))
        .execute();
      const body = JSON.parse(row.body_json) as Body;
      body.source = {
        url: cmsMediaPath(row.content_key),
        mimeType: image.contentType,
        width: image.width,
        height: image.height,
        // The bytes' version is part of the working copy, so a new picture shows as an unpublished change.
        version: image.version,
      };
      if (altText !== undefined) body.altText = altText.trim();
      return { body_json: JSON.stringify(body) };
    });
  }

  async describeImage(webstoreId: string, actor: Actor, id: string, altText: string): Promise<AdminContentItem> {
    return this.write(webstoreId, actor, id, 'describeContentImage', null, async (_trx, row) => {
      if (row.type_fqn !== CONTENT_TYPES.image) throw badInput('Only an image item has alternative text.');
      const body = JSON.parse(row.body_json) as Body;
      body.altText = altText.trim();
      return { body_json: JSON.stringify(body) };
    });
  }

  /**
   * One audited change of an item under its row lock: the revision (when the caller sent one) must still be
   * the stored one; every change bumps it.
   */
  private write(
    webstoreId: string,
    actor: Actor,
    id: string,
    action: string,
    revision: number | null,
    set: (trx: Transaction<Database>, row: Row) => Promise<Partial<Omit<Row, 'id' | 'revision'>>>,
  ): Promise<AdminContentItem> {
    return this.changes.run(webstoreId, actor, async (trx) => {
      const row = await this.row(trx, webstoreId, id, true);
      if (revision !== null && row.revision !== revision)
        throw conflict(
          'CONCURRENT_CHANGE',
          `Someone saved this item after you opened it (revision ${row.revision}, yours ${revision}); reload it and make your change again.`,
        );
      const before = await this.itemOf(trx, row);
      const changes = await set(trx, row);
      await trx
        .updateTable('managed_content')
        .set({ ...changes, revision: row.revision + 1, updated_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .execute();
      const after = await this.itemOf(trx, await this.row(trx, webstoreId, row.id));
      return { result: after, change: this.change(action, after, before, after) };
    });
  }

  private change(action: string, item: AdminContentItem, before: unknown, after: unknown) {
    return {
      action,
      recordType: 'ManagedContent',
      recordId: item.managedContentId,
      recordLabel: `${item.title} (${item.type})`,
      before,
      after,
    };
  }

  private urlName(urlName: string): string {
    const name = urlName.trim();
    const problem = contentUrlNameProblem(name);
    if (problem) throw badInput(`urlName: ${problem}`);
    return name;
  }

  private async urlNameFree(
    trx: Transaction<Database>,
    webstoreId: string,
    type: string,
    urlName: string,
    self: string | null,
  ): Promise<void> {
    const taken = await trx
      .selectFrom('managed_content')
      .select(['id', 'title'])
      .where('webstore_id', '=', webstoreId)
      .where('type_fqn', '=', type)
      .where('url_name', '=', urlName)
      .$if(self !== null, (q) => q.where('id', '!=', self!))
      .executeTakeFirst();
    if (taken) throw conflict('DUPLICATE_VALUE', `The url name ${urlName} is already used by "${taken.title}".`);
  }

  private async row(db: Kysely<Database>, webstoreId: string, id: string, lock = false): Promise<Row> {
    const key = checkedId(id, CONTENT_ID_PREFIXES.managedContent);
    const q = db.selectFrom('managed_content').selectAll().where('id', '=', key).where('webstore_id', '=', webstoreId);
    const row = await (lock ? forUpdate(db, q) : q).executeTakeFirst();
    if (!row) throw notFound(`The content item ${id} doesn't exist.`);
    return row;
  }

  private async media(db: Kysely<Database>, id: string) {
    return db
      .selectFrom('cms_media')
      .select(['content_type', 'width', 'height', 'byte_size', 'uploaded_at'])
      .where('content_id', '=', id)
      .executeTakeFirst();
  }

  private async itemOf(db: Kysely<Database>, r: Row): Promise<AdminContentItem> {
    const m = r.type_fqn === CONTENT_TYPES.image ? await this.media(db, r.id) : undefined;
    return {
      ...summaryOf(r),
      body: JSON.parse(r.body_json) as Body,
      live:
        r.live_body_json === null
          ? null
          : { title: r.live_title!, urlName: r.live_url_name!, body: JSON.parse(r.live_body_json) as Body },
      publishStartAt: r.publish_start_at,
      publishEndAt: r.publish_end_at,
      createdAt: r.created_at,
      media: m
        ? {
            mimeType: m.content_type,
            width: m.width,
            height: m.height,
            byteSize: m.byte_size,
            uploadedAt: m.uploaded_at,
          }
        : null,
    };
  }
}

/**
 * An image item's working bytes become the ones shoppers see (cms_media → cms_media_live), in the publish's
 * transaction: an upload changes only the working bytes, as a save changes only the working body.
 */
async function publishMedia(trx: Kysely<Database>, contentId: string): Promise<void> {
  const columns = [
    'content_id',
    'webstore_id',
    'content',
    'content_type',
    'width',
    'height',
    'byte_size',
    'version',
    'uploaded_at',
  ] as const;
  await trx.deleteFrom('cms_media_live').where('content_id', '=', contentId).execute();
  await trx
    .insertInto('cms_media_live')
    .columns([...columns])
    .expression(
      trx
        .selectFrom('cms_media')
        .select([...columns])
        .where('content_id', '=', contentId),
    )
    .execute();
}
