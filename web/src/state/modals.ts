/** The modal host's state: one modal at a time, and a queue of modals to show after it (spec 1 section 4). */
import { proxy, ref } from 'valtio';

export type ModalName =
  | 'login' | 'signUp' | 'forgotPassword' | 'newPassword' | 'emailVerification' | 'authSuccess' | 'memberFee'
  | 'confirmBid' | 'expandImage' | 'bidSummary' | 'unpaidLots' | 'confirm' | 'signUpSocial';

interface ModalEntry {
  id: number;
  name: ModalName;
  props: Record<string, unknown>;
}

export const modals = proxy({
  current: null as ModalEntry | null,
  queue: [] as ModalEntry[],
});

let nextId = 1;
const entry = (name: ModalName, props: Record<string, unknown> = {}): ModalEntry => ({ id: nextId++, name, props: ref(props) });

/** Shows a modal now, replacing the one open. */
export function openModal(name: ModalName, props: Record<string, unknown> = {}): void {
  modals.current = entry(name, props);
}

/** Shows a modal after the ones already open or queued. */
export function queueModal(name: ModalName, props: Record<string, unknown> = {}): void {
  if (!modals.current) modals.current = entry(name, props);
  else modals.queue.push(entry(name, props));
}

export function closeModal(): void {
  modals.current = modals.queue.shift() ?? null;
}

export function closeAllModals(): void {
  modals.queue.splice(0);
  modals.current = null;
}
