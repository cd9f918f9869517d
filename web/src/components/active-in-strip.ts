/**
 * A strip of links that scrolls sideways (the settings' section links on a phone) shows its current link
 * (`aria-current="page"`): opened at a later section, that link would otherwise sit outside the strip. Only the strip
 * scrolls, never the page. Used as a callback ref, so it runs again on every render (a section chosen by the address).
 */
export function keepActiveInStrip(strip: HTMLElement | null): void {
  const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
  const s = strip.getBoundingClientRect();
  const a = active.getBoundingClientRect();
  if (a.left >= s.left && a.right <= s.right) return;
  // Centred in the strip (the browser clamps scrollLeft at both ends).
  strip.scrollLeft += a.left - s.left - (s.width - a.width) / 2;
}
