/**
 * The window size and breakpoint as React state (spec 000 §9): resize events are acted on 250 ms after
 * the last one, so dragging a window edge re-renders once instead of on every pixel.
 */
import { useEffect, useState } from 'react';
import { type Breakpoint, breakpointOf } from './breakpoints';
import { RESIZE_DEBOUNCE_MS } from './constants';

export interface WindowSize {
  width: number;
  height: number;
}

function currentSize(): WindowSize {
  // Outside a browser (server rendering) a desktop size keeps layouts in their widest form.
  if (typeof window === 'undefined') return { width: 1280, height: 800 };
  return { width: window.innerWidth, height: window.innerHeight };
}

export function useWindowSize(): WindowSize {
  const [size, setSize] = useState(currentSize);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = currentSize();
        setSize((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return size;
}

/** 'phone' below 600 px, 'tablet' 600–1024 px, 'desktop' above. */
export function useBreakpoint(): Breakpoint {
  return breakpointOf(useWindowSize().width);
}
