// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './Modal';

beforeAll(() => {
  // jsdom has no PointerEvent; a MouseEvent subclass carries clientX/clientY for the drag test.
  if (!('PointerEvent' in window)) {
    (window as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent = class extends MouseEvent {};
  }
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const backdrops = () => [...document.querySelectorAll<HTMLElement>('.sw-modal-backdrop')];
const layers = () => [...document.querySelectorAll<HTMLElement>('.sw-modal-layer')];

function Harness(props: Partial<ModalProps> & { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <Modal
        title="Edit tag"
        {...props}
        open={open}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        <input aria-label="Qty" />
      </Modal>
    </>
  );
}

describe('Modal (spec 000 §2.4)', () => {
  it('is a modal dialog with its title, and focus moves into it', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Edit tag' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Qty'));
  });

  it('closes on a backdrop click', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(backdrops()[0]!);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close on a backdrop click with preventClose or a close button', () => {
    const onClose = vi.fn();
    const { unmount } = render(<Harness onClose={onClose} preventClose />);
    fireEvent.click(backdrops()[0]!);
    unmount();
    render(<Harness onClose={onClose} closeButton />);
    fireEvent.click(backdrops()[0]!);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('does not close when the dialog itself is clicked', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape unless preventClose', () => {
    const onClose = vi.fn();
    const { unmount } = render(<Harness onClose={onClose} preventClose />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    unmount();
    render(<Harness onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stacks: the second modal is at 103 over a 102 backdrop, the first at 102 over 101', () => {
    render(
      <>
        <Modal open title="One" onClose={() => {}} />
        <Modal open title="Two" onClose={() => {}} />
      </>,
    );
    expect(layers().map((l) => l.style.zIndex)).toEqual(['102', '103']);
    expect(backdrops().map((b) => b.style.zIndex)).toEqual(['101', '102']);
  });

  it('fires after-hide 250 ms after hiding, and not when reopened first', () => {
    vi.useFakeTimers();
    const onAfterHide = vi.fn();
    render(<Harness onAfterHide={onAfterHide} />);
    fireEvent.click(backdrops()[0]!);
    act(() => vi.advanceTimersByTime(249));
    expect(onAfterHide).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onAfterHide).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    fireEvent.click(backdrops()[0]!);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(onAfterHide).toHaveBeenCalledOnce();
  });

  it('caps the height at the window height minus 80, and maximizes to 90% of the window', () => {
    window.innerWidth = 1000;
    window.innerHeight = 800;
    render(<Harness />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.style.maxHeight).toBe('720px');
    fireEvent.click(screen.getByRole('button', { name: 'Maximize' }));
    expect(dialog.style.width).toBe('900px');
    expect(dialog.style.height).toBe('720px');
    fireEvent.click(screen.getByRole('button', { name: 'Restore size' }));
    expect(dialog.style.width).toBe('500px');
  });

  it('moves when the header is dragged', () => {
    render(<Harness />);
    const header = screen.getByTestId('modal-header');
    fireEvent.pointerDown(header, { clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerMove(window, { clientX: 140, clientY: 70 });
    fireEvent.pointerUp(window);
    fireEvent.pointerMove(window, { clientX: 500, clientY: 500 });
    expect(screen.getByRole('dialog').style.transform).toBe('translate(40px, -30px)');
  });

  it('has no header without a title', () => {
    render(
      <Modal open onClose={() => {}}>
        Body only
      </Modal>,
    );
    expect(screen.queryByTestId('modal-header')).toBeNull();
    expect(screen.getByRole('dialog').textContent).toBe('Body only');
  });

  it('keeps Tab inside the dialog', () => {
    render(<Harness closeButton />);
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Maximize' }));
  });
});
