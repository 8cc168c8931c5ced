import { lazy, Suspense } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { create } from 'zustand';
import { loadChunk } from '../lib/chunk-load';

// The cookie policy opens over the page from the cookie banner and the footer, in the dialog the
// terms and the privacy policy use, and stays a page at /cookie-policy
// (docs/decisions/0011-secured-disclosure-from-the-frame.md). The dialog's code and the text are
// fetched on the first press: the first screen's script has no room for them.

// null: never opened, so the dialog's code is not fetched yet.
const useCookieDialog = create<{ open: boolean | null }>(() => ({ open: null }));

function openCookiePolicy(): void {
  useCookieDialog.setState({ open: true });
}

const LegalModal = lazy(() =>
  loadChunk(() => import('../features/legal/legal-modal')).then((module) => ({
    default: module.LegalModal,
  })),
);

/** Rendered once by the layout; nothing until the policy is first asked for. */
export function CookiePolicyDialog() {
  const open = useCookieDialog((state) => state.open);
  if (open === null) return null;
  return (
    <Suspense fallback={null}>
      <LegalModal
        document={open ? 'cookies' : null}
        onClose={() => useCookieDialog.setState({ open: false })}
      />
    </Suspense>
  );
}

/**
 * A link to /cookie-policy that opens the policy in the dialog instead; opening it in a new tab
 * or window (a modified or middle click) still goes to the page.
 */
export function CookiePolicyLink({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    openCookiePolicy();
  };
  return (
    <a href="/cookie-policy" className={className} aria-haspopup="dialog" onClick={onClick}>
      {children}
    </a>
  );
}
