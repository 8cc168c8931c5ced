import { companyNamed } from '@broker/domain';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ComponentType, MouseEvent, ReactNode } from 'react';
import { loadConfig, useConfig } from '../../api/config';
import { reopenCookieBanner } from '../../analytics/consent';
import { currentBrand } from '../../lib/brand';
import { loadChunk } from '../../lib/chunk-load';
import { onIdle } from '../../lib/idle';
import type { LegalContentProps, LegalPath } from '../../content/shared';
import { Modal } from '../../chrome/modal';

export type LegalDocument = 'terms' | 'privacy' | 'cookies';

/** How long a screen's texts may wait for an idle moment before they are fetched anyway. */
const PRELOAD_IDLE_TIMEOUT_MS = 500;

type ContentProps = LegalContentProps & { onChangeCookieSettings?: () => void };

// The texts are long (5 to 6 KB gzip each): they load when a screen offering them appears,
// not with the screen itself.
const LOADERS: Readonly<
  Record<LegalDocument, () => Promise<{ default: ComponentType<ContentProps> }>>
> = {
  terms: () =>
    loadChunk(() => import('../../content/terms')).then((m) => ({ default: m.TermsContent })),
  privacy: () =>
    loadChunk(() => import('../../content/privacy')).then((m) => ({ default: m.PrivacyContent })),
  cookies: () =>
    loadChunk(() => import('../../content/cookies')).then((m) => ({ default: m.CookieContent })),
};

const CONTENT: Readonly<Record<LegalDocument, ComponentType<ContentProps>>> = {
  terms: lazy(LOADERS.terms),
  privacy: lazy(LOADERS.privacy),
  cookies: lazy(LOADERS.cookies),
};

// The content modules' own title constants would pull their texts into this chunk.
const TITLES: Readonly<Record<LegalDocument, string>> = {
  terms: 'Terms & Conditions',
  privacy: 'Privacy policy',
  cookies: 'Cookie policy',
};

const DOCUMENT_AT: Readonly<Record<LegalPath, LegalDocument>> = {
  '/terms-and-conditions': 'terms',
  '/privacy-policy': 'privacy',
  '/cookie-policy': 'cookies',
};

export interface LegalModalProps {
  /** The document to show; null keeps the dialog closed. */
  document: LegalDocument | null;
  onClose: () => void;
}

/**
 * A legal text (terms, privacy or cookies) in the base Modal, over the journey step, so the
 * applicant can read it without losing their place. Links between the texts stay in the dialog.
 */
export function LegalModal({ document, onClose }: LegalModalProps) {
  const titleId = useId();
  const config = useConfig();
  const [shown, setShown] = useState<LegalDocument | null>(document);
  const [opened, setOpened] = useState<LegalDocument | null>(document);
  // Follows the opener's choice, while a link inside the dialog can switch the text.
  if (opened !== document) {
    setOpened(document);
    setShown(document);
  }
  useEffect(() => {
    if (document !== null) void loadConfig();
  }, [document]);
  // The dialog would focus the text's first link, mid-text and scrolled to (and shown as focused,
  // not as a link); start at the top instead, as the explainers do.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = top.current;
    if (document === null || !element) return;
    element.focus({ preventScroll: true });
    const dialog = element.closest('dialog');
    if (dialog) dialog.scrollTop = 0;
  }, [document]);

  const onNavigate = (path: LegalPath, event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setShown(DOCUMENT_AT[path]);
    const dialog = event.currentTarget.closest('dialog');
    if (dialog) dialog.scrollTop = 0;
  };

  const Content = shown === null ? null : CONTENT[shown];
  return (
    <Modal
      open={document !== null}
      onClose={onClose}
      title={shown === null ? '' : TITLES[shown]}
      labelledBy={titleId}
    >
      <div ref={top} className="legal-modal__top" tabIndex={-1}>
        {Content && shown !== null && (
          <Suspense
            fallback={
              <>
                <h2 id={titleId} className="heading-m modal__title">
                  {TITLES[shown]}
                </h2>
                <p className="body">Loading…</p>
              </>
            }
          >
            <Content
              key={shown}
              // Until GET /api/config answers, the brand's name stands in.
              company={config?.company ?? companyNamed(currentBrand().name)}
              headingLevel={2}
              titleId={titleId}
              onNavigate={onNavigate}
              onChangeCookieSettings={() => {
                onClose();
                reopenCookieBanner();
              }}
            />
          </Suspense>
        )}
      </div>
    </Modal>
  );
}

export interface LegalModalControl {
  /** Opens the dialog on this text; focus returns to the opener when it closes. */
  open: (document: LegalDocument) => void;
  /** Render once, outside any paragraph (a dialog cannot sit inside phrasing content). */
  modal: ReactNode;
}

/**
 * A legal dialog for a screen whose buttons open it. The texts named in `preload` start
 * loading in the first idle moment once the screen is up (not in the task that shows it, which
 * Continue waits for), so they are usually there by the time a button is pressed.
 */
export function useLegalModal(preload: readonly LegalDocument[] = []): LegalModalControl {
  const [document, setDocument] = useState<LegalDocument | null>(null);
  const wanted = preload.join(' ');
  useEffect(
    () =>
      onIdle(() => {
        for (const name of wanted.split(' ')) {
          if (name in LOADERS) LOADERS[name as LegalDocument]().catch(() => undefined);
        }
      }, PRELOAD_IDLE_TIMEOUT_MS),
    [wanted],
  );
  return {
    open: setDocument,
    modal: <LegalModal document={document} onClose={() => setDocument(null)} />,
  };
}

export interface LegalButtonProps {
  onClick: () => void;
  children: ReactNode;
}

/** Looks like a link in the sentence it sits in, but opens a dialog rather than a page. */
export function LegalButton({ onClick, children }: LegalButtonProps) {
  return (
    <button type="button" className="link-button" aria-haspopup="dialog" onClick={onClick}>
      {children}
    </button>
  );
}
