/** A lot's photos at full size; arrow keys or the buttons move between them. */
import { useEffect, useState } from 'react';
import { LotImage } from '../components/lot-image';
import { ModalFrame } from '../components/modal-frame';
import type { Photo } from '../lib/types';

export function ExpandImageModal({ photos, index = 0, title }: { photos: Photo[]; index?: number; title: string }) {
  const [i, setI] = useState(index);
  const count = photos.length;
  const go = (d: number) => setI((x) => (x + d + count) % count);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      if (e.key === 'ArrowLeft') go(-1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  const photo = photos[i];
  return (
    <ModalFrame title={title} size="full">
      <figure className="expand-image">
        <LotImage photo={photo} alt={photo?.title || `${title}, photo ${i + 1}`} eager />
        {count > 1 && (
          <figcaption className="expand-image__nav">
            <button type="button" className="button button--ghost button--small" onClick={() => go(-1)}>Previous</button>
            <span aria-live="polite">Photo {i + 1} of {count}</span>
            <button type="button" className="button button--ghost button--small" onClick={() => go(1)}>Next</button>
          </figcaption>
        )}
      </figure>
    </ModalFrame>
  );
}
