// Text block (spec 03 §2.3): a heading (h1–h6, default h3) or a paragraph. Text is sanitised to
// plain text by default (no tags or attributes allowed). Headings can differ per device size;
// only the variant for the current size is shown.

import type { TEXT_BLOCK_PADDINGS, TEXT_BLOCK_STYLES } from '@store/core';
import type { CSSProperties } from 'react';
import { toPlainText } from '../../lib/sanitize.ts';
import { cx } from '../ui/classes.ts';

export type TextTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'p';
/** Spec 03 §2.3's text styles and padding scale: one list in core, shared with the workspace's checks. */
export type TextStyle = (typeof TEXT_BLOCK_STYLES)[number];
export type PaddingSize = (typeof TEXT_BLOCK_PADDINGS)[number];
export type TextDecoration = 'bold' | 'italic' | 'underline' | 'strike';

export const PADDING: Record<PaddingSize, string> = {
  none: '0',
  'xxx-small': '0.125rem',
  'xx-small': '0.25rem',
  'x-small': '0.5rem',
  small: '0.75rem',
  medium: '1rem',
  large: '1.5rem',
  'x-large': '2rem',
  'xx-large': '3rem',
};

const TAGS: readonly TextTag[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
export const DEFAULT_TEXT_TAG: TextTag = 'h3';

/** A known tag, otherwise the default h3. */
export function textTag(value: unknown): TextTag {
  return typeof value === 'string' && (TAGS as readonly string[]).includes(value.toLowerCase())
    ? (value.toLowerCase() as TextTag)
    : DEFAULT_TEXT_TAG;
}

export interface TextBlockProps {
  text: string | null | undefined;
  /** Default h3. */
  tag?: TextTag;
  /** Per-device tags; when they differ from `tag`, each size shows its own element. */
  tabletTag?: TextTag;
  mobileTag?: TextTag;
  textStyle?: TextStyle;
  /** Custom font size (style override), e.g. '2rem'. */
  fontSize?: string;
  textColor?: string;
  backgroundColor?: string;
  align?: 'left' | 'center' | 'right';
  decoration?: TextDecoration[];
  paddingVertical?: PaddingSize;
  paddingHorizontal?: PaddingSize;
  className?: string;
  /** Wrap the text in a link to `url`. */
  linkable?: boolean;
  url?: string;
  linkAssistiveText?: string;
  id?: string;
}

export function TextBlock(props: TextBlockProps) {
  const tag = textTag(props.tag);
  const text = toPlainText(props.text);
  const style: CSSProperties = {};
  if (props.textColor) style.color = props.textColor;
  if (props.backgroundColor) style.backgroundColor = props.backgroundColor;
  if (props.align) style.textAlign = props.align;
  if (props.fontSize) style.fontSize = props.fontSize;
  if (props.paddingVertical) style.paddingBlock = PADDING[props.paddingVertical] ?? undefined;
  if (props.paddingHorizontal) style.paddingInline = PADDING[props.paddingHorizontal] ?? undefined;
  const deco = props.decoration ?? [];
  const className = cx(
    'text-block',
    props.textStyle && `text--${props.textStyle}`,
    deco.includes('bold') && 'text--bold',
    deco.includes('italic') && 'text--italic',
    deco.includes('underline') && 'text--underline',
    deco.includes('strike') && 'text--strike',
    props.className,
  );
  const body =
    props.linkable && props.url ? (
      <a href={props.url}>
        {text}
        {props.linkAssistiveText ? <span className="sr-only">{` ${props.linkAssistiveText}`}</span> : null}
      </a>
    ) : (
      text
    );

  const tablet = props.tabletTag ? textTag(props.tabletTag) : tag;
  const mobile = props.mobileTag ? textTag(props.mobileTag) : tablet;
  if (tablet === tag && mobile === tag) {
    const Tag = tag;
    return (
      <Tag id={props.id} className={className} style={style}>
        {body}
      </Tag>
    );
  }
  // Different tags per size: one element per size, only the current size's is displayed.
  const variants: Array<[TextTag, string]> = [
    [tag, 'show-desktop'],
    [tablet, 'show-tablet'],
    [mobile, 'show-mobile'],
  ];
  return (
    <>
      {variants.map(([T, size], i) => (
        <T key={size} id={i === 0 ? props.id : undefined} className={cx(className, size)} style={style}>
          {body}
        </T>
      ))}
    </>
  );
}
