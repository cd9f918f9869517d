/** Live notifications, top-right; each closes itself after 5 s or with its close button. */
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { dismissToast, toasts } from '../state/toasts';

export function ToastContainer() {
  const { items } = useSnapshot(toasts);
  return (
    <div className="toasts" role="region" aria-label="Notifications" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <div className="toast__text">
            <strong>{t.title}</strong>
            {t.text && <span>{t.text}</span>}
            {t.href && (
              <Link href={t.href} className="toast__link" onClick={() => dismissToast(t.id)}>
                View lot
              </Link>
            )}
          </div>
          <button type="button" className="icon-button toast__close" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
