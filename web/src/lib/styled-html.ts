/**
 * Shows server-made HTML that carries style="" attributes (an email's preview) under the page's CSP, which refuses
 * style attributes in parsed HTML (style-src-attr 'none', docs/security.md). The HTML is parsed in an inert document
 * (no CSP, nothing runs or loads there), its style attributes are taken off, and the styles are set again through the
 * CSSOM (element.style), which CSP does not govern: the preview looks exactly like the email.
 */
export function setStyledHtml(holder: HTMLElement, html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const styles: string[] = [];
  for (const el of parsed.body.querySelectorAll<HTMLElement>('[style]')) {
    el.dataset.styleIndex = String(styles.length);
    styles.push(el.getAttribute('style') ?? '');
    el.removeAttribute('style');
  }
  holder.replaceChildren(...[...parsed.body.childNodes].map((node) => document.importNode(node, true)));
  for (const el of holder.querySelectorAll<HTMLElement>('[data-style-index]')) {
    el.style.cssText = styles[Number(el.dataset.styleIndex)] ?? '';
    delete el.dataset.styleIndex;
  }
}
