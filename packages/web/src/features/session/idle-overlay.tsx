import './idle-overlay.css';

/**
 * docs/product.md §4's idle overlay: decorative, so hidden from assistive technology, and it lets every
 * click and tap through (pointer-events: none), so it can never trap focus or swallow input.
 * Always in the page, shown by removing `hidden`.
 */
export function IdleOverlay({ visible }: { visible: boolean }) {
  return (
    <div className="idle-overlay" data-testid="idle-overlay" aria-hidden="true" hidden={!visible}>
      <div className="idle-overlay__card">
        <span className="idle-overlay__sprite" />
        <p className="idle-overlay__text">
          Still there? Move your mouse or press a key to carry on.
        </p>
      </div>
    </div>
  );
}
