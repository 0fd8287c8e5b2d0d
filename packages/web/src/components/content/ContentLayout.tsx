// A page composed from a stored layout (spec 03 §2.3): a dd__pageLayout's sections → SectionContainer,
// columns → Column, and each column's blocks. The referenced items (banners, images, rich texts, product
// collections) come by content key as the delivery API answers with referenceDepth; image data, sanitised
// rich texts and collection products are prepared by the loader (lib/content/content-page.ts).
// Stored layouts are data someone typed: every part is read defensively, and a block of an unknown type
// (or one missing what it needs) is skipped — a page never crashes on its content.

import type { CSSProperties, ReactNode } from 'react';
import {
  CONTENT_TYPES,
  pageReferenceHref,
  type BannerContentBody,
  type BlockDefinition,
  type ButtonDefinition,
  type PageLayoutContentBody,
  type PageLinkContext,
  type ProductCollectionContentBody,
  type SectionDefinition,
  TEXT_BLOCK_STYLES,
} from '@store/core';
import { Column } from '../layout/Column.tsx';
import { Grid } from '../layout/Grid.tsx';
import { RichText } from '../layout/RichText.tsx';
import { SectionContainer, type SectionBackgroundImage } from '../layout/SectionContainer.tsx';
import { PADDING, TextBlock, type PaddingSize } from '../layout/TextBlock.tsx';
import { ProductCard } from '../catalogue/ProductCard.tsx';
import { Button } from '../ui/Button.tsx';
import { cx } from '../ui/classes.ts';
import { ResponsiveWrapper } from './ResponsiveWrapper.tsx';
import {
  blocksOf,
  richTextSource,
  type ContentImage,
  type ContentImages,
  type ContentReferences,
  type ProductCollectionState,
} from '../../lib/content/content-page.ts';
import type { Purifier, SanitizedRichText } from '../../lib/sanitize.ts';

export interface ContentLayoutProps {
  layout: PageLayoutContentBody;
  /** Referenced items by content key (the delivery answer's `references`). */
  references?: ContentReferences | null;
  /** Image data by content key. */
  images?: ContentImages;
  /** Rich texts already sanitised, by block id; a block missing here is sanitised with `purifier`. */
  richTexts?: Record<string, SanitizedRichText>;
  purifier?: Purifier | null;
  /** Products of the product collections by content key; a key missing here shows placeholders. */
  products?: Record<string, ProductCollectionState>;
  /** How page references resolve (the site's host, the content pages' url names). */
  links?: PageLinkContext;
  /** The first banner's heading is the page's h1 (for a page whose layout has no h1 of its own). */
  bannerAsPageHeading?: boolean;
}

interface Ctx extends Required<Pick<ContentLayoutProps, 'images' | 'richTexts' | 'products' | 'links'>> {
  references: ContentReferences;
  purifier: Purifier | null;
  /** The block id of the banner whose heading is the page's h1, if any. */
  headingBannerId: string | undefined;
}

const arr = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  typeof v === 'string' && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
const strOf = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

const PADDINGS = Object.keys(PADDING) as PaddingSize[];
const TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'] as const;
const DECORATIONS = ['bold', 'italic', 'underline', 'strike'] as const;
const ALIGN = ['start', 'center', 'end', 'stretch'] as const;
const DIRECTIONS = ['row', 'row-reverse', 'column', 'column-reverse'] as const;

/** A button whose link generates no URL is shown as text, not as a link or a control that does nothing. */
function LinkButton({ def, ctx }: { def: Partial<ButtonDefinition>; ctx: Ctx }) {
  const text = strOf(def.text);
  if (!text) return null;
  const href = pageReferenceHref(def.link, ctx.links);
  const props = {
    variant: oneOf(def.variant, ['primary', 'secondary'] as const),
    size: oneOf(def.size, ['small', 'large', 'standard'] as const),
    alignment: oneOf(def.alignment, ['center', 'left', 'right'] as const),
    stretch: def.stretch === true,
    assistiveText: strOf(def.assistiveText),
  };
  if (href) return <Button text={text} url={href} {...props} />;
  return (
    <div className={cx('btn-wrap', `btn-wrap--${props.alignment ?? 'left'}`)}>
      <span className="btn-text">{text}</span>
    </div>
  );
}

function ImageView({ image, className, eager }: { image: ContentImage; className?: string; eager?: boolean }) {
  return (
    <img
      className={className}
      src={image.Url}
      srcSet={image.SrcSet}
      sizes={image.SrcSet ? '100vw' : undefined}
      alt={image.AltText ?? ''}
      width={image.Width}
      height={image.Height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}

/**
 * A banner. Over an image, the text sits on the banner's colours (its background colour, else a dark one under
 * light text): overlaid on the image from tablet size up, below it on phones. The page's heading banner loads
 * its image at once (it is what the page shows first).
 */
function Banner({ body, ctx, isPageHeading }: { body: Partial<BannerContentBody>; ctx: Ctx; isPageHeading: boolean }) {
  const Heading = isPageHeading ? 'h1' : 'h2';
  const heading = strOf(body.heading);
  const image = body.image?.contentKey ? ctx.images[body.image.contentKey] : undefined;
  const style: Record<string, string> = {};
  if (strOf(body.textColor)) style['--banner-fg'] = body.textColor as string;
  if (strOf(body.backgroundColor)) style['--banner-bg'] = body.backgroundColor as string;
  return (
    <div
      className={cx('banner', image && 'banner--image')}
      style={Object.keys(style).length ? (style as CSSProperties) : undefined}
    >
      {image ? <ImageView image={image} className="banner__image" eager={isPageHeading} /> : null}
      <div className="banner__body">
        {heading ? <Heading className="banner__heading">{heading}</Heading> : null}
        {strOf(body.text) ? <p className="banner__text">{body.text}</p> : null}
        {body.button ? <LinkButton def={body.button} ctx={ctx} /> : null}
      </div>
    </div>
  );
}

function ProductCollection({
  body,
  state,
  id,
}: {
  body: Partial<ProductCollectionContentBody>;
  state: ProductCollectionState | undefined;
  id: string;
}) {
  const heading = strOf(body.heading);
  const headingId = `${id}-heading`;
  return (
    <section className="product-collection" aria-labelledby={heading ? headingId : undefined}>
      {heading ? <h2 id={headingId}>{heading}</h2> : null}
      <Grid
        items={state && 'products' in state ? state.products : undefined}
        error={state && 'error' in state ? true : undefined}
        numberOfColumns={typeof body.numberOfColumns === 'number' ? body.numberOfColumns : 4}
        itemSpacing="large"
        ariaLabel={heading ?? 'Datasets'}
        placeholderCount={4}
        renderItem={(p) => <ProductCard product={p} />}
        emptyState={<p className="grid__message">No datasets to show here right now.</p>}
        errorState={<p className="grid__message">These datasets could not be loaded. Please try again later.</p>}
      />
    </section>
  );
}

function Block({ block, ctx }: { block: BlockDefinition; ctx: Ctx }): ReactNode {
  if (!block || typeof block !== 'object') return null;
  const id = typeof block.id === 'string' ? block.id : '';
  switch (block.type) {
    case 'textBlock': {
      const href = block.linkable
        ? pageReferenceHref({ type: 'standard__webPage', attributes: { url: block.url } }, ctx.links)
        : '';
      return (
        <TextBlock
          text={typeof block.text === 'string' ? block.text : ''}
          tag={oneOf(block.tag, TAGS)}
          tabletTag={oneOf(block.tabletTag, TAGS)}
          mobileTag={oneOf(block.mobileTag, TAGS)}
          textStyle={oneOf(block.textStyle, TEXT_BLOCK_STYLES)}
          fontSize={strOf(block.fontSize)}
          textColor={strOf(block.textColor)}
          backgroundColor={strOf(block.backgroundColor)}
          align={oneOf(block.align, ['left', 'center', 'right'] as const)}
          decoration={arr<unknown>(block.decoration).filter((d): d is (typeof DECORATIONS)[number] =>
            (DECORATIONS as readonly unknown[]).includes(d),
          )}
          paddingVertical={oneOf(block.paddingVertical, PADDINGS)}
          paddingHorizontal={oneOf(block.paddingHorizontal, PADDINGS)}
          className={strOf(block.className)}
          linkable={Boolean(href)}
          url={href || undefined}
          linkAssistiveText={strOf(block.linkAssistiveText)}
        />
      );
    }
    case 'richText': {
      const ready = id ? ctx.richTexts[id] : undefined;
      return (
        <RichText
          value={ready ?? richTextSource(block, ctx.references)}
          purifier={ctx.purifier}
          enableQuillCss={block.enableQuillCss === true}
        />
      );
    }
    case 'button':
      return <LinkButton def={block} ctx={ctx} />;
    case 'banner':
    case 'productCollection':
    case 'image': {
      const doc = typeof block.contentKey === 'string' ? ctx.references[block.contentKey] : undefined;
      const fqn = doc?.contentType?.fullyQualifiedName;
      if (block.type === 'image') {
        const image = ctx.images[block.contentKey];
        return image ? <ImageView image={image} className="content-image" /> : null;
      }
      if (block.type === 'banner' && fqn === CONTENT_TYPES.banner)
        return (
          <Banner
            body={(doc?.contentBody ?? {}) as Partial<BannerContentBody>}
            ctx={ctx}
            isPageHeading={id !== '' && id === ctx.headingBannerId}
          />
        );
      if (block.type === 'productCollection' && fqn === CONTENT_TYPES.productCollection)
        return (
          <ProductCollection
            id={id || block.contentKey}
            body={(doc?.contentBody ?? {}) as Partial<ProductCollectionContentBody>}
            state={ctx.products[block.contentKey]}
          />
        );
      return null;
    }
    case 'responsiveWrapper':
      return (
        <ResponsiveWrapper sizes={typeof block.sizes === 'string' ? block.sizes : ''}>
          <Blocks blocks={block.components} ctx={ctx} />
        </ResponsiveWrapper>
      );
    default:
      return null;
  }
}

function Blocks({ blocks, ctx }: { blocks: unknown; ctx: Ctx }) {
  return (
    <>
      {arr<BlockDefinition>(blocks).map((b, i) => (
        <Block key={(b && typeof b.id === 'string' && b.id) || i} block={b} ctx={ctx} />
      ))}
    </>
  );
}

/** The section's background image: only when all three variants resolve to image data. */
function background(def: SectionDefinition['backgroundImage'], ctx: Ctx): SectionBackgroundImage | undefined {
  if (!def || typeof def !== 'object') return undefined;
  const pick = (ref: { contentKey?: string } | undefined) =>
    ref && typeof ref.contentKey === 'string' ? ctx.images[ref.contentKey] : undefined;
  const [desktop, tablet, mobile] = [pick(def.desktop), pick(def.tablet), pick(def.mobile)];
  if (!desktop || !tablet || !mobile) return undefined;
  return {
    desktop: desktop.Url,
    tablet: tablet.Url,
    mobile: mobile.Url,
    altText: strOf(def.altText) ?? desktop.AltText,
    position: strOf(def.position) ?? desktop.bgPosition,
    sizeOrRepeat: strOf(def.sizeOrRepeat) ?? desktop.bgSizeOrRepeat,
    overlayColor: strOf(def.overlayColor),
  };
}

function Section({ def, ctx }: { def: SectionDefinition; ctx: Ctx }) {
  const direction = def.direction && typeof def.direction === 'object' ? def.direction : undefined;
  return (
    <SectionContainer
      id={strOf(def.id)}
      maxContentWidth={strOf(def.maxContentWidth)}
      gutter={strOf(def.gutter)}
      componentSpacing={strOf(def.componentSpacing)}
      minHeight={strOf(def.minHeight)}
      padding={strOf(def.padding)}
      margin={strOf(def.margin)}
      direction={
        direction && {
          desktop: oneOf(direction.desktop, DIRECTIONS),
          tablet: oneOf(direction.tablet, DIRECTIONS),
          mobile: oneOf(direction.mobile, DIRECTIONS),
        }
      }
      verticalAlign={oneOf(def.verticalAlign, ALIGN)}
      backgroundColor={strOf(def.backgroundColor)}
      backgroundImage={background(def.backgroundImage, ctx)}
      ariaLabel={strOf(def.ariaLabel)}
    >
      {arr<SectionDefinition['columns'][number]>(def.columns).map((c, i) => (
        <Column
          key={(c && typeof c.id === 'string' && c.id) || i}
          width={c?.width}
          verticalAlign={oneOf(c?.verticalAlign, ALIGN)}
          componentSpacing={strOf(c?.componentSpacing)}
        >
          <Blocks blocks={c?.components} ctx={ctx} />
        </Column>
      ))}
    </SectionContainer>
  );
}

export function ContentLayout(props: ContentLayoutProps) {
  const ctx: Ctx = {
    references: props.references ?? {},
    images: props.images ?? {},
    richTexts: props.richTexts ?? {},
    products: props.products ?? {},
    links: props.links ?? {},
    purifier: props.purifier ?? null,
    headingBannerId: props.bannerAsPageHeading
      ? blocksOf(props.layout).find((b) => b.type === 'banner')?.id
      : undefined,
  };
  return (
    <div className="content-layout">
      {arr<SectionDefinition>(props.layout?.sections).map((s, i) =>
        s && typeof s === 'object' ? <Section key={(typeof s.id === 'string' && s.id) || i} def={s} ctx={ctx} /> : null,
      )}
    </div>
  );
}
