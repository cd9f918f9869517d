/**
 * The stable identity of an item (a bottle or cask, or one bottle of a group lot): the same distillery and title
 * give the same key in every lot, so following an item today alerts its owner when a LATER lot of it is consigned.
 * A UUID v5 (RFC 9562, SHA-1 name-based) of the normalised distillery name and title: lower case, accents removed,
 * every run of other characters than letters and digits collapsed to one space. Pure: no I/O, same answer anywhere.
 */
import { createHash } from 'node:crypto';

/** A fixed namespace for item keys (never change it: every followed item is stored under keys made with it). */
const NAMESPACE = Buffer.from('6c3f0b5e8a1d4c2f9e7b5a3d1c0f8e2a', 'hex');

export function normaliseItemName(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function itemKey(distillery: string, title: string): string {
  const name = `${normaliseItemName(distillery)}\n${normaliseItemName(title)}`;
  const b = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The keys of a lot's item and of its group items, each once. */
export function lotItemKeys(lot: { item: { title: string; distillery: { name: string } }; group_items: { title: string; distillery: { name: string } }[] }): string[] {
  const keys = [itemKey(lot.item.distillery.name, lot.item.title), ...lot.group_items.map((g) => itemKey(g.distillery.name, g.title))];
  return [...new Set(keys)];
}
