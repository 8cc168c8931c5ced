import { useState } from 'react';
import type { ComponentType } from 'react';
import './need-help.css';

interface HelpDialogProps {
  onClose: () => void;
}

/** The form is fetched when asked for, so it adds nothing to the first screen's script. */
const loadDialog = () => import('./help-dialog');

/**
 * "Need help?" on every screen (docs/help.md, decision 0089): opens a short form to ask for a
 * call back. If the form's code cannot be fetched, the button says so instead of doing nothing.
 */
export function NeedHelp() {
  const [Dialog, setDialog] = useState<ComponentType<HelpDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const openDialog = () => {
    if (Dialog) return setOpen(true);
    loadDialog().then(
      (module) => {
        setDialog(() => module.default);
        setFailed(false);
        setOpen(true);
      },
      () => setFailed(true),
    );
  };
  return (
    <div className="need-help">
      <button
        type="button"
        className="link-button need-help__button"
        aria-haspopup="dialog"
        onClick={openDialog}
      >
        Need help?
      </button>
      {failed && (
        <p className="need-help__failed" role="status">
          The help form could not be opened. Check your connection and try again.
        </p>
      )}
      {Dialog && open && <Dialog onClose={() => setOpen(false)} />}
    </div>
  );
}
