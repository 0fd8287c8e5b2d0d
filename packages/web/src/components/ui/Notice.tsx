// An inline notice (spec 03 §5 "Toast and notice"): a message in the page, info, warning or error,
// that stays where it is (unlike a toast). Screen readers hear it as it appears: an error interrupts
// (role=alert), info and warning wait their turn (role=status, polite). An unusable definition shows
// nothing and warns in the console (lib/notice.ts).

import { useEffect, useState } from 'react';
import { readNotice, type NoticeVariant } from '../../lib/notice.ts';
import { cx } from './classes.ts';

export interface NoticeProps {
  variant?: NoticeVariant;
  title?: string;
  message: string;
  /** With it the notice has a close button; the notice hides itself and then calls it. */
  onDismiss?: () => void;
  className?: string;
}

const VARIANT_NAMES = { info: 'Information', warning: 'Warning', error: 'Error' } as const;

export function Notice({ variant, title, message, onDismiss, className }: NoticeProps) {
  const notice = readNotice({ variant, title, message });
  const [dismissed, setDismissed] = useState(false);
  const warning = 'warning' in notice ? notice.warning : null;
  useEffect(() => {
    if (warning) console.warn(warning);
  }, [warning]);
  if ('warning' in notice || dismissed) return null;

  return (
    <div
      role={notice.variant === 'error' ? 'alert' : 'status'}
      className={cx('notice', `notice--${notice.variant}`, className)}
    >
      <p className="notice__body">
        <span className="sr-only">{`${VARIANT_NAMES[notice.variant]}: `}</span>
        {notice.title ? <strong className="notice__title">{`${notice.title} `}</strong> : null}
        {notice.message}
      </p>
      {onDismiss ? (
        <button
          type="button"
          className="notice__close"
          aria-label="Dismiss"
          onClick={() => {
            setDismissed(true);
            onDismiss();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
