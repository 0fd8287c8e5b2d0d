// What each consent category means to a shopper (spec 01 §9), shown in the settings dialog.
import type { ConsentCategory } from '@store/core';

export const CONSENT_CATEGORY_TEXT: Record<ConsentCategory, { label: string; description: string }> = {
  essential: {
    label: 'Essential',
    description: 'Keep you logged in, remember your cart and protect your forms. Always on.',
  },
  preferences: {
    label: 'Preferences',
    description: 'Remember choices such as your currency and how lists are sorted.',
  },
  statistics: {
    label: 'Statistics',
    description:
      'Record which datasets you view, search for and add to your cart (one analytics cookie for a year), to improve recommendations.',
  },
  marketing: {
    label: 'Marketing',
    description: 'Tell you about datasets and offers that match your interests.',
  },
};
