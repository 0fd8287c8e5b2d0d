// What a SKU may be. A SKU names a product's sample file and image URLs (/samples/{SKU}.csv,
// /media/products/{SKU}/…), so it holds only characters that are safe in a path segment and a file name; and
// imports match products by it, so it is compared exactly.

export const SKU_MAX_LENGTH = 40;
/** The SKU rule as regular-expression source without anchors, for patterns that embed a SKU (URLs, file names). */
export const SKU_SOURCE = `[A-Za-z0-9][A-Za-z0-9._-]{0,${SKU_MAX_LENGTH - 1}}`;
/** Letters, digits, ".", "_" and "-", starting with a letter or digit; at most {@link SKU_MAX_LENGTH}. */
export const SKU_PATTERN = new RegExp(`^${SKU_SOURCE}$`);

/** True when `value` is a SKU the store can name files and URLs after. */
export const isSku = (value: string): boolean => SKU_PATTERN.test(value);
