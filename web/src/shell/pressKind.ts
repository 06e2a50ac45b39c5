/** A press of the floating advice button (not offered yet: shell/Layout.tsx) counts as a click only below this many milliseconds (documents.md 9). */
export const CLICK_THRESHOLD_MS = 300;

/** Whether a press that went down at downAt and up at upAt (ms) is a click, or the end of a drag. */
export function pressKind(downAt: number, upAt: number): 'click' | 'drag' {
  return upAt - downAt < CLICK_THRESHOLD_MS ? 'click' : 'drag';
}

/** Keeps a box of size w x h inside the viewport vw x vh. */
export function clampPosition(x: number, y: number, w: number, h: number, vw: number, vh: number): { x: number; y: number } {
  return { x: Math.min(Math.max(0, x), Math.max(0, vw - w)), y: Math.min(Math.max(0, y), Math.max(0, vh - h)) };
}
