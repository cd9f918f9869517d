/** A valuation photo (owner or staff only): fetched with the token, shown from an object URL; click opens it full size. */
import { useEffect, useState } from 'react';
import { ModalFrame } from './modal-frame';
import { fetchImageUrl, type ValuationImage } from '../api/valuations';

function useImage(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    const ctrl = new AbortController();
    let made: string | null = null;
    fetchImageUrl(url, ctrl.signal).then((src) => {
      made = src;
      if (!ctrl.signal.aborted) setState({ src, failed: false });
      else URL.revokeObjectURL(src);
    }, () => !ctrl.signal.aborted && setState({ src: null, failed: true }));
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return state;
}

function AuthImage({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const { src, failed } = useImage(url);
  if (failed) return <span className={`valuation-photo valuation-photo--missing ${className ?? ''}`}>Photo unavailable</span>;
  if (!src) return <span className={`valuation-photo valuation-photo--loading ${className ?? ''}`} role="img" aria-label={`Loading ${alt}`} />;
  return <img src={src} alt={alt} className={`valuation-photo ${className ?? ''}`} />;
}

/** Thumbnails of one object's photos; a click shows the full photo in a dialog. */
export function PhotoStrip({ images, title }: { images: ValuationImage[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="valuation-photos">
        {images.map((img, i) => (
          <li key={img.id}>
            <button type="button" className="valuation-photos__thumb" onClick={() => setOpen(i)} aria-label={`Open photo ${i + 1} of ${title}`}>
              <AuthImage url={img.thumbnail_url} alt={`${title}, photo ${i + 1}`} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && images[open] && (
        <ModalFrame title={`${title}, photo ${open + 1} of ${images.length}`} size="full" onClose={() => setOpen(null)}>
          <AuthImage url={images[open].url} alt={`${title}, photo ${open + 1}, full size`} className="valuation-photo--full" />
        </ModalFrame>
      )}
    </>
  );
}
