import {
  type KeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { MODAL_AFTER_HIDE_MS } from './constants';
import { backdropZIndex, maximizedSize, modalMaxHeight, modalStack, modalZIndex } from './modal-stack';
import { useWindowSize } from './use-breakpoint';
import './widgets.css';

/** Visible text of the modal, in one place so a translation can wrap it later. */
export const MODAL_TEXT = { close: 'Close', maximize: 'Maximize', restore: 'Restore size' } as const;

export interface ModalProps {
  open: boolean;
  /** Asked to close (backdrop, Escape, the Close button); the owner sets `open` to false. */
  onClose: () => void;
  /** The header's title; without it there is no header (and so no dragging or maximize button). */
  title?: ReactNode;
  children?: ReactNode;
  /** Extra footer content, left of the Close button. */
  footer?: ReactNode;
  /**
   * Shows a Close button. Spec 000 §2.4 read literally: with a close button (or preventClose) set, a
   * backdrop click does not close the modal — the person closes it on purpose.
   */
  closeButton?: boolean;
  /** Neither the backdrop nor Escape closes the modal (a dialog that must be answered). */
  preventClose?: boolean;
  /** Shows the maximize toggle in the header (default true): 90% of the window. */
  maximizable?: boolean;
  /** Width when not maximized (default 500 px). */
  width?: number | string;
  /** Runs 250 ms after the modal hides (spec 000 §9), e.g. to reset a form once it is out of sight. */
  onAfterHide?: () => void;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A movable modal dialog (spec 000 §2.4), portalled to the body and stacked by the modal stack. */
export function Modal(props: ModalProps) {
  const {
    open,
    onClose,
    title,
    children,
    footer,
    closeButton = false,
    preventClose = false,
    maximizable = true,
    width = 500,
    className,
  } = props;
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const win = useWindowSize();
  const [depth, setDepth] = useState(0);
  const [maximized, setMaximized] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const afterHide = useRef(props.onAfterHide);
  afterHide.current = props.onAfterHide;
  const wasOpen = useRef(open);

  // Join the page's modal stack while open: the depth sets the z-index (101 + open modals).
  useLayoutEffect(() => {
    if (!open) return;
    const entry = modalStack.open();
    setDepth(entry.depth);
    return () => {
      entry.release();
      setDepth(0);
    };
  }, [open]);

  // After-hide fires 250 ms after open turns false; reopening first cancels it.
  useEffect(() => {
    const hid = wasOpen.current && !open;
    wasOpen.current = open;
    if (open) {
      // Each opening starts where a person expects: centred and at the normal size.
      setOffset({ x: 0, y: 0 });
      setMaximized(false);
    }
    if (!hid) return;
    const timer = setTimeout(() => afterHide.current?.(), MODAL_AFTER_HIDE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Focus moves into the dialog on opening and back to where it was on closing.
  useEffect(() => {
    if (!open || depth === 0) return;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    // The content's first control, not the header's maximize button: the person came to fill it in.
    const inContent = FOCUSABLE.split(', ')
      .flatMap((s) => [`.sw-modal-body ${s}`, `.sw-modal-footer ${s}`])
      .join(', ');
    const first = dialog?.querySelector<HTMLElement>(inContent);
    (first ?? dialog)?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, depth]);

  if (!open || depth === 0) return null;

  const close = () => onClose();
  const onBackdrop = () => {
    if (!closeButton && !preventClose) close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !preventClose) {
      e.stopPropagation();
      close();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    // Focus trap-lite: Tab from the last control wraps to the first, Shift+Tab from the first to the last.
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    if (e.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const onHeaderPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    // Buttons in the header click; a maximized dialog does not move.
    if (maximized || e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    e.preventDefault();
    const start = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    const move = (ev: PointerEvent) =>
      setOffset({ x: start.ox + ev.clientX - start.x, y: start.oy + ev.clientY - start.y });
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const big = maximizedSize(win);
  const style = maximized
    ? { width: big.width, height: big.height, maxHeight: big.height, maxWidth: big.width }
    : { width, maxHeight: modalMaxHeight(win.height), transform: `translate(${offset.x}px, ${offset.y}px)` };

  return createPortal(
    <>
      <div
        className="sw-modal-backdrop"
        style={{ zIndex: backdropZIndex(depth) }}
        onClick={onBackdrop}
        aria-hidden="true"
      />
      <div className="sw-modal-layer" style={{ zIndex: modalZIndex(depth) }}>
        <div
          ref={dialogRef}
          className={`sw-modal${className ? ` ${className}` : ''}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby={title ? titleId : undefined}
          tabIndex={-1}
          style={style}
          onKeyDown={onKeyDown}
        >
          {title !== undefined && (
            <div className="sw-modal-header" onPointerDown={onHeaderPointerDown} data-testid="modal-header">
              <h2 id={titleId}>{title}</h2>
              {maximizable && (
                <button
                  type="button"
                  aria-label={maximized ? MODAL_TEXT.restore : MODAL_TEXT.maximize}
                  aria-pressed={maximized}
                  title={maximized ? MODAL_TEXT.restore : MODAL_TEXT.maximize}
                  onClick={() => {
                    setMaximized((m) => !m);
                    setOffset({ x: 0, y: 0 });
                  }}
                >
                  {maximized ? '❐' : '□'}
                </button>
              )}
            </div>
          )}
          <div className="sw-modal-body">{children}</div>
          {(footer || closeButton) && (
            <div className="sw-modal-footer">
              {footer}
              {closeButton && (
                <button type="button" className="primary" onClick={close}>
                  {MODAL_TEXT.close}
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </>,
    document.body,
  );
}
