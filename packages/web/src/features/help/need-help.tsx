import { useState } from 'react';
import type { ComponentType } from 'react';

type Dialog = ComponentType<{ onClose: () => void }>;

/** The form is fetched when asked for, so it adds next to nothing to the first screen's script. */
const loadDialog = () => import('./help-dialog');

/**
 * "Need help?" on every screen (docs/help.md, decision 0089): opens a short form to ask for a
 * call back. Its styles are in app/styles.css, so this adds no stylesheet to the first screen.
 */
export default function NeedHelp() {
  const [dialog, setDialog] = useState<{ show: Dialog } | null | false>(null);
  return (
    <div className="need-help">
      <button
        type="button"
        className="link-button"
        aria-haspopup="dialog"
        onClick={() =>
          void loadDialog().then(
            (module) => setDialog({ show: module.default }),
            () => setDialog(false),
          )
        }
      >
        Need help?
      </button>
      {dialog === false && (
        <span role="status"> It could not be opened. Check your connection and try again.</span>
      )}
      {dialog && <dialog.show onClose={() => setDialog(null)} />}
    </div>
  );
}
