// Button (spec 03 §2.4): text, url, alignment (center, left, right), type (primary, secondary),
// size (small, large, standard), stretch and assistive text. With a url it is a link button that
// carries an assistive suffix; mailto: and tel: links open in a new window.

import type { MouseEventHandler, ReactNode } from 'react';
import { opensInNewWindow } from '@store/core';
import { cx } from './classes.ts';

export { opensInNewWindow };

export type ButtonVariant = 'primary' | 'secondary';
export type ButtonSize = 'small' | 'standard' | 'large';
export type ButtonAlignment = 'left' | 'center' | 'right';

export interface ButtonProps {
  text: ReactNode;
  url?: string | null;
  variant?: ButtonVariant;
  size?: ButtonSize;
  alignment?: ButtonAlignment;
  stretch?: boolean;
  /** Extra words for screen readers, e.g. what the link downloads. */
  assistiveText?: string;
  disabled?: boolean;
  onClick?: MouseEventHandler<HTMLElement>;
  type?: 'button' | 'submit';
  className?: string;
  /** Opens the link in a new window (always so for mailto: and tel:). */
  newWindow?: boolean;
  download?: boolean;
  id?: string;
  ariaDescribedBy?: string;
}

export function Button(props: ButtonProps) {
  const {
    text,
    url,
    variant = 'primary',
    size = 'standard',
    alignment,
    stretch,
    assistiveText,
    disabled,
    onClick,
    type = 'button',
    className,
    id,
    ariaDescribedBy,
  } = props;
  const classes = cx(
    'btn',
    `btn--${variant}`,
    size !== 'standard' && `btn--${size}`,
    stretch && 'btn--stretch',
    className,
  );
  const newWindow = Boolean(url) && (props.newWindow || opensInNewWindow(url));

  const control =
    url && !disabled ? (
      <a
        id={id}
        className={classes}
        href={url}
        onClick={onClick}
        target={newWindow ? '_blank' : undefined}
        rel={newWindow ? 'noopener noreferrer' : undefined}
        download={props.download || undefined}
        aria-describedby={ariaDescribedBy}
      >
        {text}
        {assistiveText ? <span className="sr-only">{` ${assistiveText}`}</span> : null}
        {newWindow ? <span className="sr-only"> (opens in a new window)</span> : null}
      </a>
    ) : (
      <button
        id={id}
        type={type}
        className={classes}
        disabled={disabled}
        onClick={onClick}
        aria-describedby={ariaDescribedBy}
      >
        {text}
        {assistiveText ? <span className="sr-only">{` ${assistiveText}`}</span> : null}
      </button>
    );

  if (!alignment && !stretch) return control;
  return (
    <div className={cx('btn-wrap', `btn-wrap--${alignment ?? 'left'}`, stretch && 'btn-wrap--stretch')}>{control}</div>
  );
}
