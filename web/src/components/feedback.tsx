/** Loading, empty and error states. */
import type { ReactNode } from 'react';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function FullScreenLoader() {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="page-loader__mark" aria-hidden="true" />
      <span className="visually-hidden">Loading page</span>
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty__title">{title}</p>
      {children && <div className="empty__text">{children}</div>}
    </div>
  );
}

export function ErrorNote({ error, onRetry }: { error: Error | string; onRetry?: () => void }) {
  return (
    <div className="error-note" role="alert">
      <p>{typeof error === 'string' ? error : error.message || 'Server error'}</p>
      {onRetry && (
        <button type="button" className="button button--ghost button--small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Placeholder cards while a grid loads. */
export function GridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="lot-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards: identical, stateless, never reordered
        <div key={i} className="lot-card lot-card--skeleton">
          <div className="lot-card__media" />
          <div className="lot-card__body">
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
