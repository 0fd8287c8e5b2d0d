// A product's or category's SEO settings in the workspace (issue 16 item 8): the title and meta description search
// engines are given (empty: the record's own), and "no index" to keep its page out of search engines and the sitemap.

import { SEO_SETTINGS_DESCRIPTION_MAX, SEO_TITLE_MAX, type SeoSettings, type SeoSettingsInput } from '@store/core';
import type { WorkspaceCalls } from '@store/client/workspace';
import { useRef } from 'react';
import { Form } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { CheckField } from './workspace-ui.tsx';

export const SEO_INTENT = 'seo';
export const SEO_SAVED = 'The search engine settings have been saved.';

export interface SeoResult {
  intent: typeof SEO_INTENT;
  fieldErrors?: Partial<Record<'seoTitle' | 'seoDescription', string>>;
  formError?: string;
  savedMessage?: string;
  /** What was sent, shown again with its message. */
  typed?: SeoSettingsInput;
}

/** The form's fields, checked for length; null fields when empty (the record's own values). */
export function seoInputOf(form: FormData): { input: SeoSettingsInput; fieldErrors: SeoResult['fieldErrors'] } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const input = {
    title: text('seoTitle') || null,
    description: text('seoDescription') || null,
    noIndex: form.get('noIndex') === 'on',
  };
  const fieldErrors: NonNullable<SeoResult['fieldErrors']> = {};
  if ((input.title?.length ?? 0) > SEO_TITLE_MAX) fieldErrors.seoTitle = `Enter at most ${SEO_TITLE_MAX} characters.`;
  if ((input.description?.length ?? 0) > SEO_SETTINGS_DESCRIPTION_MAX)
    fieldErrors.seoDescription = `Enter at most ${SEO_SETTINGS_DESCRIPTION_MAX} characters.`;
  return { input, fieldErrors };
}

/** The action half: checked here, then saved; the server's refusal is the form's. */
export async function saveSeoSettings(w: WorkspaceCalls, recordId: string, form: FormData): Promise<SeoResult> {
  const { input, fieldErrors } = seoInputOf(form);
  if (fieldErrors && Object.keys(fieldErrors).length) return { intent: SEO_INTENT, fieldErrors, typed: input };
  try {
    await w.setSeoSettings(recordId, input);
  } catch (error) {
    return { intent: SEO_INTENT, formError: errorMessage(error), typed: input };
  }
  return { intent: SEO_INTENT, savedMessage: SEO_SAVED };
}

export function SeoSettingsForm({
  settings,
  result,
  busy,
  derivedTitle,
}: {
  settings: SeoSettings;
  result?: SeoResult;
  busy: boolean;
  /** What search engines are given without a title of the seller's. */
  derivedTitle: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'seo-error');
  const values = result?.typed ?? settings;
  return (
    <section aria-labelledby="seo-title">
      <h2 id="seo-title">Search engines</h2>
      <p>
        What search engines show for this page. Leave a field empty for the record's own: the title is then "
        {derivedTitle}", the description its description.
      </p>
      <FormAlert id="seo-error" message={result?.formError} />
      <FormAlert id="seo-saved" message={result?.savedMessage ?? null} tone="success" />
      <Form method="post" className="form" noValidate ref={formRef} aria-labelledby="seo-title">
        <input type="hidden" name="intent" value={SEO_INTENT} />
        {(
          [
            ['seoTitle', 'Search engine title', `At most ${SEO_TITLE_MAX} characters.`, values.title],
            [
              'seoDescription',
              'Search engine description',
              `At most ${SEO_SETTINGS_DESCRIPTION_MAX} characters; search engines show about 160.`,
              values.description,
            ],
          ] as const
        ).map(([name, label, hint, value]) => (
          <TextField
            key={name}
            form="seo"
            name={name}
            label={label}
            hint={hint}
            defaultValue={value ?? ''}
            error={result?.fieldErrors?.[name]}
          />
        ))}
        <CheckField
          id="seo-noIndex"
          name="noIndex"
          value="on"
          label="Keep this page out of search engines (no index)"
          defaultChecked={values.noIndex}
        />
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          Save search engine settings
        </button>
      </Form>
    </section>
  );
}
