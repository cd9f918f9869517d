/** Renders the open modal; each modal is its own chunk, loaded when first opened. */
import { lazy, Suspense, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { useUnpaidLotsNotice } from '../features/orders/unpaid-lots-notice';
import { useProfileCompletionPrompt } from '../state/profile-prompt';
import { modals, type ModalName } from '../state/modals';

// Modal props arrive untyped from the store; each modal checks what it needs.
// biome-ignore lint/suspicious/noExplicitAny: modal props arrive untyped from the store (see above)
type AnyModal = ComponentType<any>;
function named<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as unknown as AnyModal }));
}

const MODALS: Record<ModalName, AnyModal> = {
  login: named(() => import('../modals/login-modal'), 'LoginModal'),
  signUp: named(() => import('../modals/sign-up-modal'), 'SignUpModal'),
  forgotPassword: named(() => import('../modals/forgot-password-modal'), 'ForgotPasswordModal'),
  newPassword: named(() => import('../modals/new-password-modal'), 'NewPasswordModal'),
  emailVerification: named(() => import('../modals/email-verification-modal'), 'EmailVerificationModal'),
  authSuccess: named(() => import('../modals/auth-success-modal'), 'AuthSuccessModal'),
  memberFee: named(() => import('../modals/member-fee-modal'), 'MemberFeeModal'),
  confirmBid: named(() => import('../features/bidding/confirm-bid-modal'), 'ConfirmBidModal'),
  expandImage: named(() => import('../modals/expand-image-modal'), 'ExpandImageModal'),
  bidSummary: named(() => import('../features/bidding/bid-summary-modal'), 'BidSummaryModal'),
  confirm: named(() => import('../modals/confirm-modal'), 'ConfirmModal'),
  unpaidLots: named(() => import('../features/orders/unpaid-lots-modal'), 'UnpaidLotsModal'),
  signUpSocial: named(() => import('../modals/sign-up-social-modal'), 'SignUpSocialModal'),
};

export function ModalHost() {
  // The shell's one-time notice of won lots not yet paid for (spec 1 section 4).
  useUnpaidLotsNotice();
  // An incomplete profile (is_completed false) opens SignUpSocial, once per browser session.
  useProfileCompletionPrompt();
  const { current } = useSnapshot(modals);
  if (!current) return null;
  const Modal = MODALS[current.name];
  return (
    <Suspense fallback={<div className="modal-backdrop" aria-busy="true" />}>
      <Modal key={current.id} {...current.props} />
    </Suspense>
  );
}
