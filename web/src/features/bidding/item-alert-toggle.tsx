/**
 * "Notify me about this bottle": follows an item (the lot's own or a group item) so a later lot of it is notified
 * (lots_that_match_my_interest). A confirmation modal asks first (spec 2, notification toggle); visitors sign in first.
 */
import type { ChangeEvent } from 'react';
import { useSnapshot } from 'valtio';
import { setItemNotification } from '../../api/account-area';
import type { LotItem } from '../../lib/types';
import { lotsStore } from '../../state/lots';
import { openModal } from '../../state/modals';
import { session } from '../../state/session';
import { pushToast } from '../../state/toasts';

/** Finds the item in the stored lot (the lot's own item or one of its group items) so the flag can be set in place. */
function itemOf(lotId: string, itemId: string): Pick<LotItem, 'id' | 'is_notification'> | undefined {
  const lot = lotsStore.byId[lotId];
  if (!lot) return undefined;
  if (String(lot.item?.id) === itemId) return lot.item;
  return lot.group_items?.find((g) => String(g.id) === itemId);
}

export function ItemAlertToggle({ lotId, itemId, name }: { lotId: string; itemId: string; name?: string }) {
  const lot = useSnapshot(lotsStore).byId[lotId];
  const { status } = useSnapshot(session);
  if (!lot) return null;
  const item = String(lot.item?.id) === itemId ? lot.item : lot.group_items?.find((g) => String(g.id) === itemId);
  const on = !!item?.is_notification;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // The switch moves only once the confirmation is answered: the click's own flip is undone here (Preact, which
    // renders the client, does not put a controlled checkbox back when its state did not change; React did).
    event.currentTarget.checked = on;
    if (status !== 'signed-in') return openModal('login', { reason: 'Sign in to be notified about this bottle.' });
    const next = !on;
    openModal('confirm', {
      title: next ? 'Add to notification list' : 'Remove from notification list',
      message: next
        ? 'Are you sure you want to add this item to notification list?'
        : 'Are you sure you want to remove this item from notification list?',
      onConfirm: async () => {
        await setItemNotification([itemId], next);
        const stored = itemOf(lotId, itemId);
        if (stored) stored.is_notification = next;
        pushToast({ kind: 'success', title: next ? 'We will tell you when this bottle comes up again.' : 'You will no longer be notified about this bottle.' });
      },
    });
  };
  return (
    <label className="item-alert">
      {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its checked state; aria-checked would duplicate it (ARIA in HTML) */}
      <input type="checkbox" role="switch" checked={on} onChange={onChange} />
      <span>Notify me about this bottle{name ? `: ${name}` : ''}</span>
    </label>
  );
}
