/**
 * /account/settings?section=notifications: audio cues (on/off, the cue with a preview), promotional email, the
 * email of each notification template (saved with PATCH /api/users/{id}/), and keywords for lot alerts.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { saveNotificationSettings } from '../../api/notifications';
import type { ApiError } from '../../api/http';
import { Checkbox, FormMessage } from '../../components/field';
import { AUDIO_CUES, playAudioCue } from '../../lib/audio-cues';
import { ALWAYS_IN_APP, TEMPLATE_KEYS, TEMPLATE_NAMES, toggleOptOut } from '../../lib/notification-templates';
import { session } from '../../state/session';
import { KeywordsSection } from './keywords-section';
import './notifications.css';

export function NotificationSettings() {
  const { user } = useSnapshot(session);
  const [v, setV] = useState({
    is_audio_cues: user?.is_audio_cues ?? true,
    audio_cue: user?.audio_cue ?? 'audio_1',
    promotional_email: !!user?.promotional_email,
    email_opt_outs: [...(user?.email_opt_outs ?? [])],
  });
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    setBusy(true);
    try {
      const saved = await saveNotificationSettings(user.id, v);
      session.user = { ...session.user!, ...v, ...saved };
      setMsg({ ok: true, text: 'Your notification settings have been saved.' });
    } catch (err) {
      const fields = (err as ApiError).fields ?? {};
      setMsg({ ok: false, text: Object.values(fields)[0] ?? (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <form className="form" onSubmit={submit} noValidate aria-label="Notification settings">
        <fieldset>
          <legend>Sounds</legend>
          <Checkbox label="Play a sound for new notifications" checked={v.is_audio_cues} onChecked={(x) => setV({ ...v, is_audio_cues: x })} />
          <div className="field">
            <label htmlFor="audio-cue">Sound</label>
            <div className="inline-row">
              <select id="audio-cue" value={v.audio_cue} disabled={!v.is_audio_cues} onChange={(e) => setV({ ...v, audio_cue: e.target.value })}>
                {AUDIO_CUES.map((c) => <option key={c.key} value={c.key}>{c.label}</option>)}
              </select>
              <button type="button" className="button button--ghost button--small" onClick={() => playAudioCue(v.audio_cue)}>Play sound</button>
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend>Emails</legend>
          <Checkbox label="Send me news of auctions and featured lots" checked={v.promotional_email} onChecked={(x) => setV({ ...v, promotional_email: x })} />
          <p className="muted">Email me when:</p>
          {TEMPLATE_KEYS.map((k) => (
            <Checkbox
              key={k} name={`email-${k}`}
              label={`${TEMPLATE_NAMES[k]}${ALWAYS_IN_APP.includes(k) ? ' (always shown on the site)' : ''}`}
              checked={!v.email_opt_outs.includes(k)}
              onChecked={(x) => setV({ ...v, email_opt_outs: toggleOptOut(v.email_opt_outs, k, x) })}
            />
          ))}
        </fieldset>
        <FormMessage error={msg && !msg.ok ? msg.text : null} success={msg?.ok ? msg.text : null} />
        <button type="submit" className="button button--primary" disabled={busy}>Save notification settings</button>
      </form>
      <KeywordsSection />
    </>
  );
}
