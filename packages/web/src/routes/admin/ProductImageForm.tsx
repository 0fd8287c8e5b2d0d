// A product's image in the workspace: the image shoppers see now (the seller's upload, or the generated one),
// a form to upload or replace it with its alternative text, and, for an uploaded image, forms to change the
// alternative text alone or remove it (the generated image returns). Each posts to the product route's action.

import type { AdminProduct } from '@store/core';
import { PRODUCT_IMAGE_UPLOAD_TYPES } from '@store/core';
import { useRef } from 'react';
import { Form } from 'react-router';
import { FormAlert, useFormResultFocus } from '../../components/ui/FormAlert.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { ImageField } from './product-image-form.ts';

export interface ImageResult {
  intent: 'image' | 'describeImage' | 'removeImage';
  fieldErrors?: Partial<Record<ImageField, string>>;
  formError?: string;
  savedMessage?: string;
}

export function ProductImageForm({
  product,
  result,
  busy,
}: {
  product: AdminProduct;
  result?: ImageResult;
  busy: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormResultFocus(result, formRef, 'image-error');
  const image = product.image;
  const errors = (result?.intent === 'image' ? result.fieldErrors : undefined) ?? {};
  const imageError = errors.image;
  return (
    <section aria-labelledby="product-image-title">
      <h2 id="product-image-title">Image</h2>
      <FormAlert id="image-error" message={result?.formError} />
      <FormAlert id="image-saved" message={result?.savedMessage ?? null} tone="success" />
      {image ? (
        <figure className="workspace__image">
          <img
            src={image.url}
            alt={image.altText}
            width={320}
            height={Math.round((320 * image.height) / image.width)}
          />
          <figcaption>
            Uploaded image, {image.width} × {image.height} pixels. Alternative text: “{image.altText}”
          </figcaption>
        </figure>
      ) : (
        <p>The product shows its generated image. Upload one to show it instead, on every page and at every size.</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="form"
        noValidate
        ref={formRef}
        aria-label={image ? 'Replace the image' : 'Upload an image'}
      >
        <input type="hidden" name="intent" value="image" />
        <div className={imageError ? 'field field--invalid' : 'field'}>
          <label htmlFor="image-file" className="field__label">
            Image file (PNG, JPEG or WebP, up to 10 MB)
          </label>
          <input
            id="image-file"
            name="image"
            type="file"
            className="field__input"
            accept={PRODUCT_IMAGE_UPLOAD_TYPES.join(',')}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={imageError ? 'image-file-error' : undefined}
          />
          {imageError ? (
            <p id="image-file-error" className="field__error">
              {imageError}
            </p>
          ) : null}
        </div>
        <TextField
          form="image"
          name="altText"
          label="Alternative text"
          hint="What the image shows, for shoppers who cannot see it."
          defaultValue={image?.altText ?? ''}
          error={errors.altText}
          required
        />
        <button type="submit" className="btn btn--primary" aria-disabled={busy || undefined}>
          {image ? 'Replace image' : 'Upload image'}
        </button>
      </Form>
      {image ? (
        <>
          <Form method="post" className="form" noValidate aria-label="Change the alternative text">
            <input type="hidden" name="intent" value="describeImage" />
            <TextField
              form="describe"
              name="altText"
              label="New alternative text"
              defaultValue={image.altText}
              error={result?.intent === 'describeImage' ? result.fieldErrors?.altText : undefined}
              required
            />
            <button type="submit" className="btn" aria-disabled={busy || undefined}>
              Save alternative text
            </button>
          </Form>
          <Form method="post" aria-label="Remove the image">
            <input type="hidden" name="intent" value="removeImage" />
            <button type="submit" className="btn" aria-disabled={busy || undefined}>
              Remove image
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}
