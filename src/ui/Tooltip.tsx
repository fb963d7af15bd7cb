import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_WIDTH } from './constants';
import './widgets.css';

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  /** Default 500 px (spec 000 §2.4): the tooltip wraps at this width. */
  width?: number;
  /** Default 500 ms (spec 000 §2.4): how long the pointer or focus rests before the tooltip shows. */
  delayMs?: number;
}

/** Shows `content` after hovering or focusing `children` for the delay; leaving hides it at once. */
export function Tooltip({
  content,
  children,
  width = TOOLTIP_WIDTH,
  delayMs = TOOLTIP_DELAY_MS,
}: TooltipProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(true), delayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setVisible(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens; the child keeps its own role.
    <span
      className="sw-tooltip-anchor"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape') hide();
      }}
      aria-describedby={visible ? id : undefined}
    >
      {children}
      {visible && (
        <span role="tooltip" id={id} className="sw-tooltip" style={{ maxWidth: width }}>
          {content}
        </span>
      )}
    </span>
  );
}
