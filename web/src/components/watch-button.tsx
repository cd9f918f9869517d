/** Adds a lot to / removes it from the watching list; visitors are asked to sign in first. */
import { useSnapshot } from 'valtio';
import { toggleWatch } from '../state/buyers';
import { lotsStore } from '../state/lots';
import { openModal } from '../state/modals';
import { session } from '../state/session';
import { HeartIcon } from './icons';

export function WatchButton({ lotId, withText }: { lotId: string; withText?: boolean }) {
  const lot = useSnapshot(lotsStore).byId[lotId];
  const { status } = useSnapshot(session);
  if (!lot) return null;
  const watched = !!lot.is_watched;
  const onClick = () => {
    if (status !== 'signed-in') return openModal('login', { reason: 'Sign in to keep a watching list.' });
    void toggleWatch(lotsStore.byId[lotId]);
  };
  const label = watched ? 'Remove from watching list' : 'Add to watching list';
  return (
    <button
      type="button"
      className={`watch-button${watched ? ' is-active' : ''}${withText ? ' watch-button--text' : ''}`}
      aria-pressed={watched}
      aria-label={withText ? undefined : label}
      title={label}
      onClick={onClick}
    >
      <HeartIcon filled={watched} />
      {withText && <span>{watched ? 'Watching' : 'Watch lot'}</span>}
    </button>
  );
}
