// The content keys a body refers to (issue 16: referenceDepth). A reference is any `contentKey` property
// anywhere in the body (a banner's image, a section's background images, a block placed by key, a rich-text
// block's item), so a new block type that places content by key is followed without a change here.
import { isContentKey } from '@store/core';

/** Most nodes walked in one body: a stored body is bounded, this only keeps a pathological one cheap. */
const MAX_NODES = 50_000;

/** The distinct content keys in a body, in the order they first appear. */
export function referencedKeys(body: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [body];
  let walked = 0;
  while (stack.length && walked++ < MAX_NODES) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
    } else if (node && typeof node === 'object') {
      const entries = Object.entries(node as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        if (k === 'contentKey' && isContentKey(v)) found.add(v);
        else stack.push(v);
      }
    }
  }
  return [...found];
}
