import type { ReactNode } from 'react';
import './widgets.css';

export interface GroupBoxProps {
  /** Caption on the top-left of the border. */
  caption?: ReactNode;
  /** Caption on the top-right of the border (a count, a status, a small action). */
  rightCaption?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A dashed group box with optional left and right captions (spec 000 §2.4). */
export function GroupBox({ caption, rightCaption, children, className }: GroupBoxProps) {
  return (
    <section
      className={`sw-groupbox${className ? ` ${className}` : ''}`}
      // Named by its caption when the caption is plain text, so screen readers announce the group.
      aria-label={typeof caption === 'string' ? caption : undefined}
    >
      {caption !== undefined && caption !== null && <span className="sw-groupbox-caption">{caption}</span>}
      {rightCaption !== undefined && rightCaption !== null && (
        <span className="sw-groupbox-caption-right">{rightCaption}</span>
      )}
      {children}
    </section>
  );
}
