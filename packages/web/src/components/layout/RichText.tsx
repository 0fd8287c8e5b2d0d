// Rich text output (spec 03 §2.3, §5): shows HTML that went through the rich-text sanitiser
// (../lib/sanitize.ts); when sanitising failed, the raw text is shown as plain text.

import { sanitizeWith, type Purifier, type SanitizedRichText } from '../../lib/sanitize.ts';
import { cx } from '../ui/classes.ts';

export interface RichTextProps {
  /** Sanitised content, or raw HTML together with `purifier` to sanitise it here. */
  value: SanitizedRichText | string | null | undefined;
  purifier?: Purifier | null;
  /** Adds the editor's typography class, as the platform's enableQuillCss. */
  enableQuillCss?: boolean;
  className?: string;
  id?: string;
}

export function RichText({ value, purifier, enableQuillCss, className, id }: RichTextProps) {
  const content: SanitizedRichText = typeof value === 'string' || value == null ? sanitizeWith(purifier, value) : value;
  const classes = cx('rich-text', enableQuillCss && 'ql-editor', className);
  if (content.kind === 'html') {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the html was sanitised by DOMPurify in sanitizeWith (lib/sanitize.ts)
    return <div id={id} className={classes} dangerouslySetInnerHTML={{ __html: content.html }} />;
  }
  if (!content.text) return null;
  return (
    <div id={id} className={cx(classes, 'rich-text--plain')}>
      {content.text}
    </div>
  );
}
