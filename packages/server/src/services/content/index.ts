// Managed content (issue 16): what the storefront reads through the delivery API.
export {
  CONTENT_LANGUAGE,
  ContentDelivery,
  MAX_DOCUMENTS_PER_ANSWER,
  visibleCopy,
  type ContentQuery,
  type ContentsQuery,
  type ContentViewer,
} from './delivery.ts';
export { referencedKeys } from './references.ts';
