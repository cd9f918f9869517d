/**
 * Each demo lot's own photograph, drawn from its data at seed time (docs/catalogue.md, "Demo data"): a bottle with
 * its label, or a cask end with its stencil, and the lot's tag. The same lot data always draws the same picture.
 */
import type { LotItem, LotPhoto } from '../../../../domain/catalogue/lot/events';
import { imageUrl } from '../../../content/article-views';
import { bottleSvg, type PhotoSubject } from './bottle-svg';
import { caskSvg } from './cask-svg';

/** What the photograph shows, read from the lot's item (the bottling is the first part of a bottle's subtitle). */
export function photoSubject(item: LotItem, referenceNo: string): PhotoSubject {
  const cask = item.type === 'cask';
  return {
    referenceNo,
    distillery: item.distillery.name,
    region: item.distillery.region ?? null,
    finish: cask ? (item.cask_type ?? 'Cask') : (item.subtitle.split(',')[0]?.trim() || 'Single Malt'),
    age: item.age,
    volumeMl: item.volume_ml,
    abv: item.abv,
    caskNumber: item.cask_number,
    distilledAt: item.distilled_at,
  };
}

export const lotPhotoSvg = (item: LotItem, referenceNo: string) => (item.type === 'cask' ? caskSvg : bottleSvg)(photoSubject(item, referenceNo));

/** The lot's photo list pointing at the picture `imageId` will be (served like a staff upload). */
export const lotPhotos = (item: LotItem, imageId: string): LotPhoto[] => [{ file: imageUrl(imageId)!, title: item.type === 'cask' ? 'Cask end' : 'Front' }];
