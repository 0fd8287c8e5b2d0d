// The store's giftingConfig switched for one test (issue 14).
import { withStoreSettings } from './store-settings.ts';
import type { TestServer } from './server.ts';

export const withGifting = (s: TestServer, config: Record<string, boolean>, body: () => Promise<void>) =>
  withStoreSettings(s, (settings) => ({ ...settings, giftingConfig: { ...settings.giftingConfig, ...config } }), body);
