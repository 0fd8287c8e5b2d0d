// What a notice may be (spec 03 §5 "Toast and notice": a notice's variant is info, warning or error;
// messages must be strings; a definition that is not usable gives a warning, not a crash).

export type NoticeVariant = 'info' | 'warning' | 'error';

export interface NoticeDefinition {
  variant?: string;
  title?: unknown;
  message?: unknown;
}

export interface NoticeView {
  variant: NoticeVariant;
  title: string | null;
  message: string;
}

const VARIANTS: readonly string[] = ['info', 'warning', 'error'];

/** The notice to show, or a warning saying why there is none. An unknown variant falls back to info. */
export function readNotice(def: NoticeDefinition | null | undefined): NoticeView | { warning: string } {
  if (!def || typeof def !== 'object') return { warning: 'Notice definition must be an object.' };
  if (typeof def.message !== 'string' || def.message.trim() === '')
    return { warning: 'Notice message must be a non-empty string.' };
  return {
    variant: def.variant && VARIANTS.includes(def.variant) ? (def.variant as NoticeVariant) : 'info',
    title: typeof def.title === 'string' && def.title ? def.title : null,
    message: def.message,
  };
}
