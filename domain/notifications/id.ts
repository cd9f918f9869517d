/**
 * A notification's id is derived from its cause, its user and its template (a name-based UUID, RFC 4122 version 5
 * layout over SHA-1): the same cause can never make a second notification for the same user and template, however
 * often it is processed. Pure: a hash, no randomness.
 */
import { createHash } from 'node:crypto';
import type { Template } from './templates';

export function notificationId(causeKey: string, userId: string, template: Template): string {
  const bytes = createHash('sha1').update(`notification:${causeKey}:${userId}:${template}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
