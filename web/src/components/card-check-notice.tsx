/** What a screen shows while the bank's check runs in the payment window (use-card-check.ts). */
interface Props {
  /** What the bank confirms: "payment" or "card". */
  subject: 'payment' | 'card';
  onShow: () => void;
  /** Absent when the screen has its own way out (the add card form's Cancel). */
  onCancel?: () => void;
  /** Takes the focus: the form that had it is replaced by this notice. */
  focus?: boolean;
}

export function CardCheckNotice({ subject, onShow, onCancel, focus = false }: Props) {
  return (
    <div className="card-check" role="status">
      <p><strong>Your bank wants to confirm this {subject}.</strong> Finish the check in the window that has opened.</p>
      <div className="card-check__actions">
        {/* biome-ignore lint/a11y/noAutofocus: the form is replaced by this one action while the bank's window is open: focus must not be lost */}
        <button type="button" autoFocus={focus} className="button button--ghost button--small" onClick={onShow}>Show the window</button>
        {onCancel && <button type="button" className="link-button" onClick={onCancel}>Cancel</button>}
      </div>
    </div>
  );
}
