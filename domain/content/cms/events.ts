/**
 * Staff-managed site content (docs/content.md "CMS"): the people of /about, the home page slides and the press
 * quotes, each entry on its own stream `cms-item-<id>`. `data` holds the entry's fields, checked by the kind's
 * schema in services/content/cms-routes.ts before the event is written.
 */
export const CMS_KINDS = ['about_us', 'main_slider', 'media_like_us'] as const;
export type CmsKind = (typeof CMS_KINDS)[number];

interface CmsItemSaved {
  type: 'CmsItemSaved';
  data: { item_id: string; kind: CmsKind; position: number; fields: Record<string, string>; image_id: string | null; by: string; at: string };
}

interface CmsItemDeleted {
  type: 'CmsItemDeleted';
  data: { item_id: string; by: string; at: string };
}

export type CmsEvent = CmsItemSaved | CmsItemDeleted;
export const CMS_EVENT_TYPES: readonly CmsEvent['type'][] = ['CmsItemSaved', 'CmsItemDeleted'];
export const cmsItemStream = (itemId: string) => `cms-item-${itemId}`;
