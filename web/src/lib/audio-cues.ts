/** Audio cues (spec 1): audio_1 to audio_4, short sounds shipped in public/audio/ (made by scripts/make-audio.ts). */
export const AUDIO_CUES = [
  { key: 'audio_1', label: 'Chime' },
  { key: 'audio_2', label: 'Bell' },
  { key: 'audio_3', label: 'Rising' },
  { key: 'audio_4', label: 'Double tap' },
] as const;

const audioCueUrl = (cue: string | null | undefined) =>
  `/audio/${AUDIO_CUES.some((c) => c.key === cue) ? cue : 'audio_1'}.wav`;

/** Plays a cue; browsers refuse sound before the user has interacted with the page, which is only logged. */
export function playAudioCue(cue: string | null | undefined): void {
  if (typeof Audio === 'undefined') return;
  try {
    void new Audio(audioCueUrl(cue)).play().catch((e) => console.debug('[audio] not played', e?.name ?? e));
  } catch (e) {
    console.debug('[audio] not played', e);
  }
}
