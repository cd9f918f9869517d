/** The lot's photos: a main image that expands into the ExpandImage modal, and thumbnails to switch. */
import { useState } from 'react';
import type { Photo } from '../../lib/types';
import { openModal } from '../../state/modals';
import { ExpandIcon } from '../../components/icons';
import { LotImage } from '../../components/lot-image';
import { GALLERY_SIZES } from '../../lib/photo-sources';

export function LotGallery({ photos, title }: { photos: readonly Photo[]; title: string }) {
  const [i, setI] = useState(0);
  const list = photos.length ? [...photos] : [];
  const photo = list[i];
  return (
    <div className="gallery">
      <button
        type="button"
        className="gallery__main"
        onClick={() => list.length && openModal('expandImage', { photos: list, index: i, title })}
        aria-label={list.length ? `Enlarge photo ${i + 1} of ${title}` : `No photo of ${title}`}
        disabled={!list.length}
      >
        <LotImage photo={photo} alt="" priority={i === 0} eager sizes={GALLERY_SIZES} />
        {list.length > 0 && <span className="gallery__expand" aria-hidden="true"><ExpandIcon /></span>}
      </button>
      {list.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Photos">
          {list.map((p, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may be listed twice; the list is replaced whole, never reordered
            <li key={`${p.file}${n}`}>
              <button type="button" className="gallery__thumb" aria-label={`Show photo ${n + 1}`} aria-current={n === i} onClick={() => setI(n)}>
                <LotImage photo={p} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
