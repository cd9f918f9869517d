/** A countdown on the server clock: d/h/m while a day or more remains, else h/m/s; zeros when over. */
import { countdown, countdownLabel, remainingUntil } from '../lib/countdown';
import { useNow } from './hooks';

interface Props {
  end: string | null | undefined;
  compact?: boolean;
  label?: string;
}

export function Countdown({ end, compact, label = 'Time left' }: Props) {
  const now = useNow();
  const c = countdown(remainingUntil(end, now));
  const cls = `countdown${compact ? ' countdown--compact' : ''}${c.closing ? ' countdown--closing' : ''}${c.expired ? ' countdown--over' : ''}`;
  return (
    <div className={cls} role="timer" aria-label={`${label}: ${countdownLabel(c)}`}>
      {!compact && <span className="countdown__label">{label}</span>}
      <span className="countdown__parts" aria-hidden="true">
        {c.parts.map((p) => (
          <span key={p.unit} className="countdown__part">
            <span className="countdown__value">{p.value}</span>
            <span className="countdown__unit">{compact ? p.short : p.unit}</span>
          </span>
        ))}
      </span>
    </div>
  );
}
