/**
 * Uploaded photos are served in two sizes (services/uploads/image-route.ts): `?size=thumb`, fitted inside 400 px
 * (320 wide for the house's 4:5 bottle shots), and `?size=full`, the upload itself (640 wide for the demo house). A
 * srcset lets the browser take the thumbnail where a card or a gallery thumbnail is small, and the server's lot page
 * head preloads exactly what the gallery will ask for (services/pages/lot-page-meta.ts).
 */

/** The main photo of a lot page: the whole width on phones and tablets, the gallery column on a desktop. */
export const GALLERY_SIZES = '(max-width: 1024px) 100vw, 560px';

const FULL = /([?&])size=full(?=&|$)/;

/** `thumb 320w, full 640w` for an uploaded photo's full size; undefined for any other URL (one size only). */
export function photoSrcSet(file: string): string | undefined {
  if (!FULL.test(file)) return undefined;
  return `${file.replace(FULL, '$1size=thumb')} 320w, ${file} 640w`;
}
