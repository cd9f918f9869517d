/** The heading band of a page, and a guard for pages that need a signed-in user. */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { openModal } from '../state/modals';
import { session } from '../state/session';
import { FullScreenLoader } from './feedback';
import { useTitle } from './hooks';

export function PageHead({ title, eyebrow, children }: { title: string; eyebrow?: string; children?: ReactNode }) {
  useTitle(title);
  return (
    <header className="page-head">
      <div className="container page-head__inner">
        <div>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1>{title}</h1>
          {children && <div className="page-head__text">{children}</div>}
        </div>
      </div>
    </header>
  );
}

export function RequireAuth({ children, what }: { children: ReactNode; what: string }) {
  const { status } = useSnapshot(session);
  if (status === 'unknown') return <FullScreenLoader />;
  if (status !== 'signed-in') {
    return (
      <div className="container section">
        <div className="signin-prompt">
          <h2>Please sign in</h2>
          <p>Sign in to see {what}.</p>
          <div className="hero__actions">
            <button type="button" className="button button--primary" onClick={() => openModal('login')}>Sign in</button>
            <button type="button" className="button button--ghost" onClick={() => openModal('signUp')}>Create an account</button>
          </div>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}

