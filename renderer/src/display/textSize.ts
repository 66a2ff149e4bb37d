import { create } from 'zustand';

/** Text sizes a rater can choose, in percent of the browser's default; CSS sizes everything in rem from it. */
export const TEXT_SIZES = [90, 100, 110, 125, 140, 160] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
const DEFAULT_SIZE: TextSize = 100;
/** Remembered on this computer, for every study (it is about the reader's eyes, not the study). */
export const TEXT_SIZE_KEY = 'blindrate.textSize';

function storedSize(): TextSize {
  const stored = Number(globalThis.localStorage?.getItem(TEXT_SIZE_KEY));
  return (TEXT_SIZES as readonly number[]).includes(stored) ? (stored as TextSize) : DEFAULT_SIZE;
}

/** A data attribute, not a style: the page's CSP allows no style attributes (styles.css maps each size). */
function apply(size: TextSize): void {
  document.documentElement.dataset.textSize = String(size);
}

interface TextSizeState {
  size: TextSize;
  /** One size larger (+1) or smaller (−1), or back to the default (0). */
  step(direction: 1 | -1 | 0): void;
}

export const useTextSize = create<TextSizeState>((set, get) => ({
  size: storedSize(),
  step(direction) {
    const index = TEXT_SIZES.indexOf(get().size);
    const size =
      direction === 0 ? DEFAULT_SIZE : TEXT_SIZES[Math.min(TEXT_SIZES.length - 1, Math.max(0, index + direction))]!;
    localStorage.setItem(TEXT_SIZE_KEY, String(size));
    apply(size);
    set({ size });
  },
}));

/**
 * Applies the remembered size and answers Ctrl/Cmd + and − (and 0 for the default) on every screen, in
 * place of the browser's zoom. Returns the function that stops listening.
 */
export function installTextSizeKeys(target: Window): () => void {
  apply(useTextSize.getState().size);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const direction =
      event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : event.key === '0' ? 0 : null;
    if (direction === null) return;
    event.preventDefault();
    useTextSize.getState().step(direction);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
