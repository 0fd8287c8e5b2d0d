// One content item in the workspace (/admin/content/:contentId, issue 16 item 7): its title, url name and
// publication window, its body in the type's editor (a page in the composer, with the live preview at three
// widths), and "Save draft", "Publish" and "Unpublish"; an image item's upload and alternative text; delete.
// Everything posts to this route's action with a fetcher, so the editor keeps its state; a save sends the
// revision the page read, and someone else's save in between comes back as the server's message.
//
// The preview frames show the storefront page as this session sees it. For an administrator the editor turns
// the session's preview on (the same session-context call as the storefront's preview toggle), so the
// frames show the working copy, Drafts included (and a Draft image item's picture shows); a catalogue manager
// may not preview (the server refuses) and sees the live page.

import {
  ADMIN_CONTENT_STATUS_LABELS,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  contentPagePath,
  PRODUCT_IMAGE_UPLOAD_TYPES,
  type AdminContentItem,
  type AdminContentSummary,
  type BannerContentBody,
  type PageLayoutContentBody,
  type ProductCollectionContentBody,
  type RichTextContentBody,
  type WorkspaceRole,
} from '@store/core';
import { useEffect, useState } from 'react';
import {
  redirect,
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { FormAlert } from '../../components/ui/FormAlert.tsx';
import type { StoreApi } from '../../lib/api.ts';
import { useStoreApi } from '../../lib/api-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { BannerEditor, CollectionEditor, RichTextEditor } from './content-editors.tsx';
import { TextInput } from './content-fields.tsx';
import { instantOf, localValueOf } from './content-form.ts';
import { PageComposer } from './PageComposer.tsx';
import { PreviewFrames } from './PreviewFrames.tsx';
import { productIdsOf, productRefsOf, unknownSkus } from './product-refs.ts';
import { loaded, workspaceHead, workspaceOf } from './workspace-data.ts';

interface EditData {
  item: AdminContentItem;
  /** Every item of the store, for the pickers (by key). */
  items: AdminContentSummary[];
  role: WorkspaceRole | null;
}

export interface ContentResult {
  intent: string;
  formError?: string;
  savedMessage?: string;
}

export const CONTENT_SAVED = 'Saved as a draft. Shoppers still see the published version, if any.';
export const CONTENT_PUBLISHED = 'Published: shoppers see it now.';
export const CONTENT_UNPUBLISHED = 'Unpublished: shoppers no longer see it.';

function StatusLine({ item }: { item: AdminContentItem }) {
  return (
    <p aria-live="polite" className="workspace__status">
      {CONTENT_TYPE_LABELS[item.type]} · <strong>{ADMIN_CONTENT_STATUS_LABELS[item.status]}</strong>
      {item.publishedAt ? ` · last published ${item.publishedAt.slice(0, 16).replace('T', ' ')} UTC` : ''} · key{' '}
      <code>{item.contentKey}</code>
    </p>
  );
}

/** Turns this session's preview on once (administrators only), then tells the frames to load. */
function usePreviewSession(enabled: boolean): boolean {
  const api = useStoreApi();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled || !api) {
      setReady(true);
      return;
    }
    let current = true;
    api.client
      .updateSessionContext({ isPreview: true })
      .catch(() => undefined)
      .finally(() => {
        if (current) setReady(true);
      });
    return () => {
      current = false;
    };
  }, [enabled, api]);
  return ready;
}

function ContentEditRoute() {
  const data = useLoaderData() as EditData;
  // A fresh editor per item: its state starts from the item it edits.
  return <ContentEditPage key={data.item.managedContentId} {...data} />;
}

function ContentEditPage({ item, items, role }: EditData) {
  const fetcher = useFetcher<ContentResult>();
  const busy = fetcher.state !== 'idle';
  const [title, setTitle] = useState(item.title);
  const [urlName, setUrlName] = useState(item.urlName);
  const [body, setBody] = useState<Record<string, unknown>>(item.body);
  const [start, setStart] = useState(localValueOf(item.publishStartAt));
  const [end, setEnd] = useState(localValueOf(item.publishEndAt));
  const initialProducts =
    (item.body as unknown as ProductCollectionContentBody).source?.kind === 'products'
      ? ((item.body as unknown as ProductCollectionContentBody).source as { productIds: string[] }).productIds.join(
          ', ',
        )
      : '';
  const [products, setProducts] = useState(initialProducts);
  const isPage = item.type === CONTENT_TYPES.pageLayout;
  // A page's frames, and a Draft image's own picture, are served to a previewing session only.
  const previewReady = usePreviewSession((isPage || item.type === CONTENT_TYPES.image) && role === 'admin');
  const result = fetcher.data;
  const others = items.filter((i) => i.contentKey !== item.contentKey);
  const editor = (() => {
    switch (item.type) {
      case CONTENT_TYPES.banner:
        return (
          <BannerEditor
            body={body as unknown as BannerContentBody}
            onChange={(b) => setBody({ ...b })}
            items={others}
          />
        );
      case CONTENT_TYPES.richText:
        return (
          <RichTextEditor
            body={body as unknown as RichTextContentBody}
            onChange={(b) => setBody({ ...b })}
            items={others}
          />
        );
      case CONTENT_TYPES.productCollection:
        return (
          <CollectionEditor
            body={body as unknown as ProductCollectionContentBody}
            onChange={(b) => setBody({ ...b })}
            items={others}
            products={products}
            onProducts={setProducts}
          />
        );
      case CONTENT_TYPES.pageLayout:
        return (
          <PageComposer
            body={body as unknown as PageLayoutContentBody}
            onChange={(b) => setBody({ ...b })}
            items={others}
          />
        );
      default:
        return (
          <TextInput
            id="content-alt-text"
            label="Alternative text"
            hint="What the image shows, for shoppers who cannot see it."
            value={String(body.altText ?? '')}
            onChange={(altText) => setBody({ ...body, altText })}
          />
        );
    }
  })();
  return (
    <div className="workspace__edit">
      <h1>{item.title}</h1>
      <StatusLine item={item} />
      <FormAlert id="content-error" message={result?.formError} />
      <FormAlert id="content-saved" message={result?.savedMessage ?? null} tone="success" />
      <div className={isPage ? 'composer__layout' : undefined}>
        <fetcher.Form method="post" className="form" noValidate aria-label={`Edit ${item.title}`}>
          <input type="hidden" name="revision" value={item.revision} />
          <input type="hidden" name="body" value={JSON.stringify(body)} />
          <input type="hidden" name="products" value={products} />
          <TextInput id="content-title" label="Title" value={title} onChange={setTitle} />
          <input type="hidden" name="title" value={title} />
          <TextInput
            id="content-url-name"
            label="Url name"
            hint={isPage ? `Shown at ${contentPagePath(urlName || '…')}` : undefined}
            value={urlName}
            onChange={setUrlName}
          />
          <input type="hidden" name="urlName" value={urlName} />
          <fieldset className="workspace__fieldset">
            <legend>Publication window (UTC; empty for always)</legend>
            <TextInput id="content-start" label="Shown from" type="datetime-local" value={start} onChange={setStart} />
            <TextInput id="content-end" label="Shown until" type="datetime-local" value={end} onChange={setEnd} />
            <input type="hidden" name="publishStartAt" value={start} />
            <input type="hidden" name="publishEndAt" value={end} />
          </fieldset>
          {editor}
          <div className="form__actions">
            <button
              type="submit"
              name="intent"
              value="save"
              className="btn btn--secondary"
              aria-disabled={busy || undefined}
            >
              Save draft
            </button>
            <button
              type="submit"
              name="intent"
              value="publish"
              className="btn btn--primary"
              aria-disabled={busy || undefined}
            >
              Publish
            </button>
            {item.live ? (
              <button
                type="submit"
                name="intent"
                value="unpublish"
                className="btn btn--secondary"
                aria-disabled={busy || undefined}
              >
                Unpublish
              </button>
            ) : null}
          </div>
        </fetcher.Form>
        {isPage && previewReady ? (
          <PreviewFrames path={contentPagePath(item.urlName)} version={`${item.revision}-${item.status}`} />
        ) : null}
      </div>
      {item.type === CONTENT_TYPES.image && previewReady ? <ImageForms item={item} /> : null}
      <DeleteForm item={item} />
    </div>
  );
}

function ImageForms({ item }: { item: AdminContentItem }) {
  const upload = useFetcher<ContentResult>();
  const source = (item.body as { source?: { url: string; width: number; height: number } }).source;
  const alt = String((item.body as { altText?: string }).altText ?? '');
  return (
    <section aria-labelledby="content-image-title">
      <h2 id="content-image-title">Image</h2>
      <FormAlert id="content-image-error" message={upload.data?.formError} />
      <FormAlert id="content-image-saved" message={upload.data?.savedMessage ?? null} tone="success" />
      {item.media && source ? (
        <figure className="workspace__image">
          <img
            src={`${source.url}?v=${item.revision}`}
            alt={alt}
            width={320}
            height={Math.round((320 * item.media.height) / item.media.width)}
          />
          <figcaption>
            {item.media.width} × {item.media.height} pixels. Alternative text: “{alt}”
          </figcaption>
        </figure>
      ) : (
        <p>No image uploaded yet.</p>
      )}
      <upload.Form method="post" encType="multipart/form-data" className="form" aria-label="Upload the image">
        <input type="hidden" name="intent" value="image" />
        <div className="field">
          <label htmlFor="content-image-file" className="field__label">
            Image file (PNG, JPEG or WebP, up to 10 MB)
          </label>
          <input
            id="content-image-file"
            name="image"
            type="file"
            className="field__input"
            accept={PRODUCT_IMAGE_UPLOAD_TYPES.join(',')}
          />
        </div>
        <button type="submit" className="btn btn--primary">
          Upload image
        </button>
      </upload.Form>
    </section>
  );
}

function DeleteForm({ item }: { item: AdminContentItem }) {
  const del = useFetcher<ContentResult>();
  return (
    <section aria-labelledby="content-delete-title">
      <h2 id="content-delete-title">Delete</h2>
      <FormAlert id="content-delete-error" message={del.data?.formError} />
      <del.Form method="post" aria-labelledby="content-delete-title">
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="btn btn--secondary">
          Delete {item.title}
        </button>
      </del.Form>
    </section>
  );
}

export function contentEditRoute(getApi: () => StoreApi) {
  async function loader({ params, request }: LoaderFunctionArgs): Promise<EditData> {
    const w = workspaceOf(getApi);
    const signal = request.signal;
    const [item, list, me] = await Promise.all([
      loaded(w.getContent(params.contentId ?? '', { signal })),
      loaded(w.listContent({ pageSize: 100, sort: 'title' }, { signal })),
      loaded(w.me({ signal })),
    ]);
    return { item, items: list.items, role: me.role };
  }

  async function action({ params, request }: ActionFunctionArgs): Promise<ContentResult | Response> {
    const w = workspaceOf(getApi);
    const id = params.contentId ?? '';
    const form = await request.formData();
    const intent = String(form.get('intent') ?? '');
    try {
      if (intent === 'save' || intent === 'publish') {
        const body = JSON.parse(String(form.get('body') ?? '{}')) as Record<string, unknown>;
        const source = (body as { source?: { kind?: string } }).source;
        if (source?.kind === 'products') {
          const refs = productRefsOf(String(form.get('products') ?? ''));
          const { ids, unknown } = await productIdsOf(w, refs);
          if (unknown.length) return { intent, formError: unknownSkus(unknown) };
          body.source = { kind: 'products', productIds: ids };
        }
        await w.updateContent(id, {
          revision: Number(form.get('revision')),
          title: String(form.get('title') ?? ''),
          urlName: String(form.get('urlName') ?? ''),
          body,
          publishStartAt: instantOf(form.get('publishStartAt')),
          publishEndAt: instantOf(form.get('publishEndAt')),
        });
        if (intent === 'save') return { intent, savedMessage: CONTENT_SAVED };
        await w.publishContent(id);
        return { intent, savedMessage: CONTENT_PUBLISHED };
      }
      if (intent === 'unpublish') {
        await w.unpublishContent(id);
        return { intent, savedMessage: CONTENT_UNPUBLISHED };
      }
      if (intent === 'image') {
        const file = form.get('image');
        if (!(file instanceof File) || !file.size) return { intent, formError: 'Choose a PNG, JPEG or WebP image.' };
        const type = PRODUCT_IMAGE_UPLOAD_TYPES.find((t) => t === file.type);
        if (!type) return { intent, formError: 'The image must be a PNG, JPEG or WebP file.' };
        await w.uploadContentImage(id, { file, contentType: type });
        return { intent, savedMessage: 'The image has been saved.' };
      }
      if (intent === 'delete') {
        await w.deleteContent(id);
        return redirect('/admin/content');
      }
    } catch (error) {
      return { intent, formError: errorMessage(error) };
    }
    return { intent, formError: 'Unknown action.' };
  }

  return {
    loader,
    action,
    Component: ContentEditRoute,
    handle: workspaceHead((d) => (d as EditData | undefined)?.item.title ?? 'Content'),
  } satisfies Omit<RouteObject, 'id' | 'path' | 'children' | 'index'>;
}
