// The rich description's HTML textarea and, under it, a preview of what the server will store: the text run
// through DOMPurify with core's allow-list (rich-description-policy.ts), the list the server sanitises to.
// The preview is made in the browser only (DOMPurify needs a DOM and is loaded on first use), so the server's
// render and hydration show the same placeholder.

import { RICH_DESCRIPTION_PURIFY_CONFIG } from '@store/core';
import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let loading: Promise<Sanitize> | null = null;

function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: purify }) => {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') node.setAttribute('rel', 'noopener');
    });
    return (html: string) => purify.sanitize(html, { ...RICH_DESCRIPTION_PURIFY_CONFIG }) as unknown as string;
  });
  return loading;
}

export function RichDescriptionField({
  defaultValue,
  error,
  form,
}: {
  defaultValue: string;
  error?: string;
  form: string;
}) {
  const [html, setHtml] = useState(defaultValue);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    loadSanitizer().then((sanitize) => {
      if (current) setPreview(sanitize(html));
    });
    return () => {
      current = false;
    };
  }, [html]);
  const id = `${form}-richDescription`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        Rich description (HTML)
      </label>
      <p id={`${id}-hint`} className="field__hint">
        Paragraphs, lists, bold, italic, links, headings h2–h4 and tables; anything else is removed when saved.
      </p>
      <textarea
        id={id}
        name="richDescription"
        className="field__input"
        rows={8}
        value={html}
        onChange={(e) => setHtml(e.target.value)}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      <section aria-labelledby={`${id}-preview-title`} className="workspace__preview">
        <h3 id={`${id}-preview-title`}>Preview</h3>
        {preview === null ? (
          <p>The preview appears here.</p>
        ) : preview.trim() ? (
          // Sanitised just above with the server's own allow-list.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the preview is the sanitised HTML itself.
          <div className="workspace__preview-body" dangerouslySetInnerHTML={{ __html: preview }} />
        ) : (
          <p>No rich description.</p>
        )}
      </section>
    </div>
  );
}
