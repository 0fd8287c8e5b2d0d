// The body of each content type (core ContentBodies, the layout definition in core content.ts), checked when
// the workspace writes it: every field's shape, the spec 03 §5 rules (six-digit hex colours, heading levels
// 1–6), column widths 1–12, known block types only. CSS values are kept to plain lengths and keywords, so none
// can carry a style (or a url()) of its own. References to other items and products are checked by the
// service against the store (content-references.ts); rich text is sanitised after this (content-rich-text.ts).
import { z } from 'zod';
import {
  hasUnsafeTextCharacters,
  isRecordId,
  TEXT_BLOCK_PADDINGS,
  TEXT_BLOCK_STYLES,
  UNSAFE_TEXT_MESSAGE,
  type ContentTypeFqn,
} from '@store/core';

const freeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasUnsafeTextCharacters(v), UNSAFE_TEXT_MESSAGE);
const multilineText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasUnsafeTextCharacters(v, { multiline: true }), UNSAFE_TEXT_MESSAGE);
const recordId = z.string().refine((v) => isRecordId(v), 'must be a 15- or 18-character record id');

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a six-digit hex colour like #1a2b3c');
/** One to four CSS lengths or keywords, as padding and margin take them: 2rem, 2rem 1rem, 10%, 480px, 0, auto, none. */
const LENGTH = String.raw`(?:\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%|vh|vw)?|auto|none)`;
const cssLength = z
  .string()
  .max(40)
  .regex(new RegExp(`^${LENGTH}(?: ${LENGTH}){0,3}$`), 'must be lengths like 2rem, 2rem 1rem, 10% or 480px');
/** A background position or size: words, lengths and percentages only (center top, 50% 20%, cover). */
const cssKeywords = z
  .string()
  .max(40)
  .regex(/^[a-z0-9.% -]*$/, 'must be keywords and lengths only (e.g. center top, cover)');
/** An overlay may be see-through: a six-digit hex colour or rgba(r, g, b, alpha). */
const overlayColour = z.union([
  hexColour,
  z
    .string()
    .regex(
      /^rgba\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*(?:0|1|0?\.\d{1,3})\s*\)$/,
      'must be a six-digit hex colour or rgba(r, g, b, alpha)',
    ),
]);
/** A text style: the spec's (core TEXT_BLOCK_STYLES) or a theme's own, a class-name-safe word. */
const textStyle = z.union([
  z.enum(TEXT_BLOCK_STYLES),
  z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a text style name'),
]);
const id = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');
const contentKey = z.string().regex(/^MC[A-Z0-9]{26}$/, 'must be a content key (MC and 26 letters or digits)');
const ref = z.strictObject({ contentKey });
const align = z.enum(['start', 'center', 'end', 'stretch']);
const direction = z.enum(['row', 'row-reverse', 'column', 'column-reverse']);
const tag = z.enum(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const richHtml = z.string().max(100_000);

const pageReference = z.strictObject({
  type: z.string().max(60),
  attributes: z.record(z.string().max(60), z.union([z.string().max(2048), z.number(), z.boolean()])).optional(),
  state: z.record(z.string().max(60), z.union([z.string().max(2048), z.number(), z.boolean()])).optional(),
});

const button = {
  text: freeText(120).refine((v) => v.trim() !== '', 'must not be empty'),
  link: pageReference,
  alignment: z.enum(['center', 'left', 'right']).optional(),
  variant: z.enum(['primary', 'secondary']).optional(),
  size: z.enum(['small', 'large', 'standard']).optional(),
  stretch: z.boolean().optional(),
  assistiveText: freeText(200).optional(),
};

const textBlock = z.strictObject({
  type: z.literal('textBlock'),
  id,
  text: multilineText(5000),
  tag: tag.optional(),
  tabletTag: tag.optional(),
  mobileTag: tag.optional(),
  textStyle: textStyle.optional(),
  fontSize: cssLength.optional(),
  textColor: hexColour.optional(),
  backgroundColor: hexColour.optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  decoration: z
    .array(z.enum(['bold', 'italic', 'underline', 'strike']))
    .max(4)
    .optional(),
  paddingVertical: z.enum(TEXT_BLOCK_PADDINGS).optional(),
  paddingHorizontal: z.enum(TEXT_BLOCK_PADDINGS).optional(),
  className: z
    .string()
    .max(80)
    .regex(/^[A-Za-z0-9_ -]*$/, 'must be class names')
    .optional(),
  linkable: z.boolean().optional(),
  url: z.string().max(2048).optional(),
  linkAssistiveText: freeText(200).optional(),
});
const richTextBlock = z.strictObject({
  type: z.literal('richText'),
  id,
  contentKey: contentKey.optional(),
  value: richHtml.optional(),
  enableQuillCss: z.boolean().optional(),
});
const buttonBlock = z.strictObject({ type: z.literal('button'), id, ...button });
const contentBlock = z.strictObject({ type: z.enum(['banner', 'productCollection', 'image']), id, contentKey });

type Block =
  | z.infer<typeof textBlock>
  | z.infer<typeof richTextBlock>
  | z.infer<typeof buttonBlock>
  | z.infer<typeof contentBlock>
  | { type: 'responsiveWrapper'; id: string; sizes: string; components: Block[] };

const block: z.ZodType<Block> = z.lazy(() =>
  z.discriminatedUnion('type', [
    textBlock,
    richTextBlock,
    buttonBlock,
    contentBlock,
    z.strictObject({
      type: z.literal('responsiveWrapper'),
      id,
      sizes: z
        .string()
        .max(60)
        .regex(/^[a-z, -]*$/, 'must be size names (small, medium, large, s, m, l), ranges or lists'),
      components: z.array(block).max(50),
    }),
  ]),
);

const column = z.strictObject({
  id,
  width: z.number().int().min(1).max(12).optional(),
  verticalAlign: align.optional(),
  componentSpacing: cssLength.optional(),
  components: z.array(block).max(50),
});

const section = z.strictObject({
  id,
  maxContentWidth: cssLength.optional(),
  gutter: z.enum(['2rem', '5rem']).optional(),
  componentSpacing: cssLength.optional(),
  minHeight: cssLength.optional(),
  padding: cssLength.optional(),
  margin: cssLength.optional(),
  direction: z
    .strictObject({ desktop: direction.optional(), tablet: direction.optional(), mobile: direction.optional() })
    .optional(),
  verticalAlign: align.optional(),
  backgroundColor: hexColour.optional(),
  backgroundImage: z
    .strictObject({
      desktop: ref.optional(),
      tablet: ref.optional(),
      mobile: ref.optional(),
      altText: freeText(300).optional(),
      position: cssKeywords.optional(),
      sizeOrRepeat: cssKeywords.optional(),
      overlayColor: overlayColour.optional(),
    })
    .optional(),
  ariaLabel: freeText(200).optional(),
  columns: z.array(column).min(1).max(12),
});

const BODIES = {
  sfdc_cms__image: z.strictObject({
    altText: freeText(300),
    // The source is the server's: written from the uploaded bytes, whatever a client sends.
    source: z.unknown().optional(),
    bgPosition: cssKeywords.optional(),
    bgSizeOrRepeat: cssKeywords.optional(),
  }),
  dd__banner: z.strictObject({
    heading: freeText(200).refine((v) => v.trim() !== '', 'must not be empty'),
    text: multilineText(1000).optional(),
    image: ref.optional(),
    button: z.strictObject(button).optional(),
    textColor: hexColour.optional(),
    backgroundColor: hexColour.optional(),
  }),
  dd__richText: z.strictObject({ html: richHtml }),
  dd__productCollection: z.strictObject({
    heading: freeText(200).optional(),
    source: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('featured') }),
      z.strictObject({ kind: z.literal('products'), productIds: z.array(recordId).min(1).max(50) }),
      z.strictObject({ kind: z.literal('category'), categoryId: recordId }),
    ]),
    numberOfColumns: z.number().int().min(1).max(6).optional(),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  dd__pageLayout: z.strictObject({
    description: freeText(300).optional(),
    sections: z.array(section).max(30),
  }),
} satisfies Record<ContentTypeFqn, z.ZodType>;

/** The body schema of a content type. */
export function contentBodySchema(type: ContentTypeFqn): z.ZodType<Record<string, unknown>> {
  return BODIES[type] as z.ZodType<Record<string, unknown>>;
}
