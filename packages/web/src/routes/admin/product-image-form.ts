// The product image form's rules: the file is one of the types the server takes and within its size, and the
// alternative text is given (the server checks the bytes themselves with sharp and has the last word).

import {
  checkField,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_UPLOAD_TYPES,
  type ProductImageUploadType,
} from '@store/core';

export interface ImageUpload {
  file: File;
  contentType: ProductImageUploadType;
  altText: string;
}

export type ImageField = 'image' | 'altText';

const isUploadType = (t: string): t is ProductImageUploadType =>
  (PRODUCT_IMAGE_UPLOAD_TYPES as readonly string[]).includes(t);

/** The upload a submitted image form asks for, or the message of each field that is wrong. */
export function imageUploadOf(
  form: FormData,
): { upload: ImageUpload; errors: null } | { upload: null; errors: Partial<Record<ImageField, string>> } {
  const errors: Partial<Record<ImageField, string>> = {};
  const file = form.get('image');
  const altText = String(form.get('altText') ?? '').trim();
  const altProblem = checkField(altText, { required: true, maxLength: 300 });
  if (altProblem) errors.altText = altProblem;
  if (!(file instanceof File) || file.size === 0) errors.image = 'Choose a PNG, JPEG or WebP image.';
  else if (!isUploadType(file.type)) errors.image = 'The image must be a PNG, JPEG or WebP file.';
  else if (file.size > PRODUCT_IMAGE_MAX_BYTES)
    errors.image = `The image must be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
  if (Object.keys(errors).length || !(file instanceof File) || !isUploadType(file.type))
    return { upload: null, errors };
  return { upload: { file, contentType: file.type, altText }, errors: null };
}
