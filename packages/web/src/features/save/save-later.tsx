import { useState, type ComponentType } from 'react';

type Dialog = ComponentType<{ onClose: () => void }>;

/**
 * "Save and come back later" (docs/decisions/0086-save-and-return-links.md): on every step and
 * in the session-timeout warning. The dialog and its encryption are fetched on the first press,
 * never with a screen; this button itself comes after the screen (`LoadLater`), keeping it out of
 * the first screen's script budget (docs/performance.md).
 */
export default function SaveLater() {
  const [Open, setOpen] = useState<Dialog | null>(null);
  const press = () =>
    void import('./save-dialog').then(
      (module) => setOpen(() => module.default),
      // A failed fetch leaves the button to be pressed again.
      () => undefined,
    );
  return (
    <div className="save-later">
      <button type="button" className="link-button" onClick={press}>
        Save and come back later
      </button>
      {Open && <Open onClose={() => setOpen(null)} />}
    </div>
  );
}
