/** A lot photo with a drawn placeholder when there is none or it fails to load. */
import { useState } from 'react';
import type { Photo } from '../lib/types';
import { photoSrcSet } from '../lib/photo-sources';

/**
 * `sizes` says how wide it is drawn, so the browser can take the thumbnail of an uploaded photo where that is enough;
 * `priority`: the page's main picture (loaded at once, ahead of other images: it is the largest paint).
 */
export function LotImage({ photo, alt, sizes, eager, priority }: { photo?: Pick<Photo, 'file'>; alt: string; sizes?: string; eager?: boolean; priority?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!photo?.file || failed) {
    return (
      // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label comes only with role img (both when there is alt text)
      <span className="lot-image lot-image--placeholder" role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <svg viewBox="0 0 40 100" aria-hidden="true" className="lot-image__bottle">
          <path d="M16 4h8v18c0 4 8 8 8 18v52a4 4 0 0 1-4 4H12a4 4 0 0 1-4-4V40c0-10 8-14 8-18z" />
        </svg>
      </span>
    );
  }
  return (
    <img
      className="lot-image"
      src={photo.file}
      srcSet={sizes ? photoSrcSet(photo.file) : undefined}
      alt={alt}
      sizes={sizes}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
