// The bytes of image content items (issue 16, spec 03 §2.3 content-asset paths, §9 image widths): the
// original as stored in cms_media, or a WebP rendition at one of the store's widths, made once and kept in the
// same disk cache as the product images' renditions. Who may see an image is the delivery API's rule: a
// shopper only when core isLiveVisible holds for the item (a live copy, inside its publication window); a
// previewing administrator any item, Draft included. Anything else answers exactly as an unknown image does.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONTENT_TYPES, isLiveVisible } from '@store/core';
import type { Database, ManagedContentTable } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';
import { storedImageRendition } from '../../datasets/uploaded-image.ts';
import type { DiskCache } from '../image-disk-cache.ts';

const noImage = () => notFound('No such image.');

/** Stored types served as they are; any other stored type is served as a WebP made from it. */
const SERVED_AS_STORED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** Who is asking: only the server's own preview flag (an administrator's session) opens Draft images. */
export interface MediaViewer {
  isPreview: boolean;
}

/** An image by its content key (the CMS media path) or by its url name (the file-asset path). */
export type MediaLookup = { contentKey: string } | { urlName: string };

export interface CmsMediaFile {
  body: Buffer;
  contentType: string;
  /** The stored image's content version (what a URL's `v` may name). */
  version: string;
  /** Names this representation: the version and the rendition. */
  etag: string;
  /** Seen through preview (the working copy, perhaps a Draft): no cache may keep it. */
  preview: boolean;
  /** When the item's publication window closes, if it does: no cache may keep the image past it. */
  visibleUntil: string | null;
}

type ItemRow = Pick<
  ManagedContentTable,
  'id' | 'content_key' | 'live_body_json' | 'publish_start_at' | 'publish_end_at' | 'published_at'
>;

/** A version as a cache file name may hold it (the authoring side writes hex; anything else is hashed). */
const fileVersion = (v: string) =>
  /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : createHash('sha256').update(v).digest('hex').slice(0, 16);

export class CmsMediaService {
  constructor(
    private db: Kysely<Database>,
    private renditions: DiskCache,
    private now: () => Date = () => new Date(),
  ) {}

  /** The image item the viewer may see, or undefined (unknown, not an image, not visible to them). */
  private async visibleItem(webstoreId: string, viewer: MediaViewer, which: MediaLookup): Promise<ItemRow | undefined> {
    let q = this.db
      .selectFrom('managed_content')
      .select(['id', 'content_key', 'live_body_json', 'publish_start_at', 'publish_end_at', 'published_at'])
      .where('webstore_id', '=', webstoreId)
      .where('type_fqn', '=', CONTENT_TYPES.image);
    if ('contentKey' in which) q = q.where('content_key', '=', which.contentKey);
    // A shopper names the live copy's url name, a previewer the working copy's (the one the seller edits).
    else q = q.where(viewer.isPreview ? 'url_name' : 'live_url_name', '=', which.urlName);
    const rows = await q.orderBy('published_at', 'desc').orderBy('id').execute();
    if (viewer.isPreview) return rows[0];
    const now = this.now();
    return rows.find((r) =>
      isLiveVisible(
        {
          hasLiveCopy: r.live_body_json !== null,
          publishStartAt: r.publish_start_at,
          publishEndAt: r.publish_end_at,
        },
        now,
      ),
    );
  }

  /**
   * The image's bytes for the viewer: the original when `width` is absent, else a WebP `width` pixels wide
   * (a width the caller checked against RESIZED_IMAGE_WIDTHS; never enlarged beyond the stored image).
   */
  async image(webstoreId: string, viewer: MediaViewer, which: MediaLookup, width?: number): Promise<CmsMediaFile> {
    const item = await this.visibleItem(webstoreId, viewer, which);
    if (!item) throw noImage();
    // A previewer sees the working bytes, a shopper the published ones (copied on publish).
    const table = viewer.isPreview ? 'cms_media' : 'cms_media_live';
    // The version and type first (no bytes): a cached rendition costs no blob read.
    const media = await this.db
      .selectFrom(table)
      .select(['content_type', 'width', 'version'])
      .where('content_id', '=', item.id)
      .where('webstore_id', '=', webstoreId)
      .executeTakeFirst();
    if (!media) throw noImage();
    const load = () => this.content(table, item.id, media.version);
    const file = (body: Buffer, contentType: string, rendition: string): CmsMediaFile => ({
      body,
      contentType,
      version: media.version,
      etag: `"${fileVersion(media.version)}-${rendition}"`,
      preview: viewer.isPreview,
      visibleUntil: viewer.isPreview ? null : item.publish_end_at,
    });
    const dir = `cms/${item.content_key}`;
    const version = fileVersion(media.version);
    if (width !== undefined) {
      const bytes = await this.renditions.getOrMakeVersion(
        dir,
        `${width}-`,
        version,
        'webp',
        storedImageRendition(load, width, noImage),
      );
      return file(bytes, 'image/webp', `${width}w`);
    }
    if (SERVED_AS_STORED.has(media.content_type)) {
      const bytes = await load();
      if (!bytes) throw noImage();
      return file(bytes, media.content_type, 'original');
    }
    // A stored type that is not a plain raster image (an SVG could carry script): served as a WebP of it.
    const bytes = await this.renditions.getOrMakeVersion(
      dir,
      'original-',
      version,
      'webp',
      storedImageRendition(load, media.width, noImage),
    );
    return file(bytes, 'image/webp', 'original');
  }

  /** The stored bytes of that version, or null when they were replaced or removed meanwhile. */
  private async content(
    table: 'cms_media' | 'cms_media_live',
    contentId: string,
    version: string,
  ): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom(table)
      .select('content')
      .where('content_id', '=', contentId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : null;
  }
}
