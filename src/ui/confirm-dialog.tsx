import { useEffect, useId, useRef } from 'react';

/**
 * A modal question before an action that cannot be undone: the browser's own dialog, so focus stays
 * inside it, Escape cancels and focus goes back where it was when it closes. Cancel has the focus first:
 * a stray Enter must not confirm.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Told whenever the dialog closes: cancelled, Escape, or after onConfirm. */
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClose}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={descriptionId}>{description}</p>
      {open ? (
        <p>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's safe choice takes the focus */}
          <button type="button" className="button" autoFocus onClick={() => ref.current?.close()}>
            {cancelLabel}
          </button>{' '}
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              onConfirm();
              ref.current?.close();
            }}
          >
            {confirmLabel}
          </button>
        </p>
      ) : null}
    </dialog>
  );
}
