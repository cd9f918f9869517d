/**
 * For the part of a page below its first screen (the lot page's particulars and side panels): false on the first
 * render, true in a task of its own once the browser has painted what is above it. The page's first render is then
 * two shorter tasks instead of one long one (issue #19: Lighthouse's mobile Total Blocking Time counts every task's
 * time beyond 50 ms on a 4x slower CPU), and the photo, title and bid panel are drawn first. Unlike useNearOrIdle it
 * waits for nothing else: the part is there a frame later, scrolled to or not.
 */
import { useEffect, useState } from 'react';

/** A hidden tab draws no frames: past this, the part is drawn without waiting for one. */
const NO_FRAME_MS = 100;

/** Runs `fn` in a new task after the next frame is painted (or NO_FRAME_MS without a frame); returns a cancel. */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    // A timeout from inside the frame's callback runs after that frame's style, layout and paint, as its own task.
    timer = setTimeout(fn, 0);
  };
  const frame = requestAnimationFrame(run);
  const fallback = setTimeout(run, NO_FRAME_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
