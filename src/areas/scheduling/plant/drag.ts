/**
 * The drag in progress on the plant schedule, as a tiny external store: only the lane under the
 * pointer redraws (its drop indicator) while a card is dragged across 40 lanes; the ghost that follows
 * the pointer is moved by style, never by React.
 */
export interface DragTarget {
  lane: string;
  /** The gap in the lane's shown list: 0 before the first card … n after the last. */
  gap: number;
}

export interface DragState {
  ids: readonly number[];
  target: DragTarget | null;
}

export interface DragStore {
  get(): DragState | null;
  set(next: DragState | null): void;
  subscribe(listener: () => void): () => void;
}

export function createDragStore(): DragStore {
  let state: DragState | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      const same =
        state !== null &&
        next !== null &&
        state.ids === next.ids &&
        state.target?.lane === next.target?.lane &&
        state.target?.gap === next.target?.gap;
      if (same || (state === null && next === null)) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Pixels a press must travel before it is a drag and not a click. */
export const DRAG_THRESHOLD_PX = 5;
