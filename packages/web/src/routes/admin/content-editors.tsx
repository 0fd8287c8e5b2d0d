// The body editors of the content types other than a page (issue 16 item 7): a banner, rich text (the HTML
// with a preview of what will be kept, as the product's RichDescriptionField), a product collection. An
// image's body is its upload and alternative text (ContentImageForms). Each edits the body the page keeps.

import type {
  AdminContentSummary,
  BannerContentBody,
  ProductCollectionContentBody,
  RichTextContentBody,
} from '@store/core';
import { useEffect, useState } from 'react';
import { RICH_TEXT_CONFIG } from '../../lib/sanitize.ts';
import {
  CheckInput,
  choices,
  ColourInput,
  ContentPicker,
  LinkPicker,
  optional,
  SelectInput,
  TextArea,
  TextInput,
} from './content-fields.tsx';

export interface EditorProps<B> {
  body: B;
  onChange: (body: B) => void;
  items: readonly AdminContentSummary[];
}

export function BannerEditor({ body, onChange, items }: EditorProps<BannerContentBody>) {
  const set = (change: Partial<BannerContentBody>) => onChange({ ...body, ...change });
  const button = body.button;
  return (
    <fieldset className="workspace__fieldset">
      <legend>Banner</legend>
      <TextInput id="banner-heading" label="Heading" value={body.heading} onChange={(heading) => set({ heading })} />
      <TextArea id="banner-text" label="Text" rows={3} value={body.text} onChange={(v) => set({ text: optional(v) })} />
      <ContentPicker
        id="banner-image"
        label="Image"
        type="sfdc_cms__image"
        items={items}
        value={body.image?.contentKey}
        allowNone
        onChange={(k) => set({ image: k ? { contentKey: k } : undefined })}
      />
      <ColourInput
        id="banner-text-colour"
        label="Text colour"
        value={body.textColor}
        onChange={(textColor) => set({ textColor })}
      />
      <ColourInput
        id="banner-background"
        label="Background colour"
        value={body.backgroundColor}
        onChange={(backgroundColor) => set({ backgroundColor })}
      />
      <CheckInput
        id="banner-has-button"
        label="Show a button"
        checked={!!button}
        onChange={(on) =>
          set({
            button: on
              ? { text: 'Browse datasets', link: { type: 'standard__namedPage', attributes: { name: 'Search' } } }
              : undefined,
          })
        }
      />
      {button ? (
        <>
          <TextInput
            id="banner-button-text"
            label="Button text"
            value={button.text}
            onChange={(text) => set({ button: { ...button, text } })}
          />
          <LinkPicker
            id="banner-button-link"
            label="Button link"
            link={button.link}
            pages={items}
            onChange={(link) => set({ button: { ...button, link } })}
          />
        </>
      ) : null}
    </fieldset>
  );
}

type Sanitize = (html: string) => string;
let loading: Promise<Sanitize> | null = null;

/** DOMPurify with the storefront's rich-text list, loaded on first use (the browser only). */
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(
    ({ default: purify }) =>
      (html: string) =>
        purify.sanitize(html, { ...RICH_TEXT_CONFIG }) as unknown as string,
  );
  return loading;
}

/** An HTML field with, under it, what the storefront will show of it. */
export function HtmlField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    loadSanitizer().then((sanitize) => {
      if (current) setPreview(sanitize(value));
    });
    return () => {
      current = false;
    };
  }, [value]);
  return (
    <>
      <TextArea
        id={id}
        label={label}
        hint="Headings, paragraphs, lists, links, tables; video frames from YouTube or Vimeo over https. Anything else is removed when saved."
        rows={10}
        value={value}
        onChange={onChange}
      />
      <section className="workspace__rich-preview" aria-label={`${label}: preview`}>
        {preview === null ? (
          <p>Preview loading…</p>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above with the storefront's allow-list
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        )}
      </section>
    </>
  );
}

export function RichTextEditor({ body, onChange }: EditorProps<RichTextContentBody>) {
  return (
    <HtmlField id="rich-text-html" label="Rich text (HTML)" value={body.html} onChange={(html) => onChange({ html })} />
  );
}

/**
 * A product collection. The products of a "chosen products" source are typed as SKUs (or ids) in order, as
 * the featured-datasets form takes them; the route's action turns them into product ids.
 */
export function CollectionEditor({
  body,
  onChange,
  products,
  onProducts,
}: EditorProps<ProductCollectionContentBody> & { products: string; onProducts: (v: string) => void }) {
  const set = (change: Partial<ProductCollectionContentBody>) => onChange({ ...body, ...change });
  const kind = body.source.kind;
  return (
    <fieldset className="workspace__fieldset">
      <legend>Product collection</legend>
      <TextInput
        id="collection-heading"
        label="Heading"
        value={body.heading}
        onChange={(v) => set({ heading: optional(v) })}
      />
      <SelectInput
        id="collection-source"
        label="Products shown"
        value={kind}
        onChange={(k) =>
          set({
            source:
              k === 'products'
                ? { kind: 'products', productIds: [] }
                : k === 'category'
                  ? { kind: 'category', categoryId: '' }
                  : { kind: 'featured' },
          })
        }
        options={[
          ['featured', 'The featured datasets'],
          ['products', 'Chosen products'],
          ['category', 'A category'],
        ]}
      />
      {body.source.kind === 'products' ? (
        <TextInput
          id="collection-products"
          label="Products: SKUs in order"
          hint="Separated by commas (product ids work too), at most 50."
          value={products}
          onChange={onProducts}
        />
      ) : null}
      {body.source.kind === 'category' ? (
        <TextInput
          id="collection-category"
          label="Category id"
          value={body.source.categoryId}
          onChange={(categoryId) => set({ source: { kind: 'category', categoryId: categoryId.trim() } })}
        />
      ) : null}
      <SelectInput
        id="collection-columns"
        label="Columns on medium screens and up"
        value={body.numberOfColumns ? String(body.numberOfColumns) : ''}
        onChange={(v) => set({ numberOfColumns: v ? Number(v) : undefined })}
        options={choices(['1', '2', '3', '4', '5', '6'])}
      />
      <TextInput
        id="collection-limit"
        label="Most products shown"
        type="number"
        value={body.limit === undefined ? '' : String(body.limit)}
        onChange={(v) => set({ limit: v ? Number(v) : undefined })}
      />
    </fieldset>
  );
}
