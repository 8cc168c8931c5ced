/** The attribute on #root that marks pre-rendered markup and names the brand it was made for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The attribute on #root of a step's pre-rendered shell: the path it shows
 * (docs/decisions/0043-step-shells.md). The start screen's page has none.
 */
export const SHELL_PATH_ATTRIBUTE = 'data-shell-path';

export interface FirstRenderFacts {
  /** The value of `data-prerendered` on #root, or null when the server sent an empty root. */
  prerenderedFor: string | null;
  /** The affiliate key of the brand this page is showing. */
  brand: string;
  /** The path the app shows first, after the redirect rule. */
  pathname: string;
  /** The visitor has already answered the cookie banner (it is then not in the markup). */
  consentChosen: boolean;
  /** The value of `data-shell-path` on #root: the step a pre-rendered shell shows, or null. */
  shellPath?: string | null;
}

/**
 * Whether the browser may adopt the server's markup (hydrateRoot) rather than paint its own
 * (createRoot). The build pre-renders the start screen per brand with the banner showing and
 * every store at its initial state; React hydrates stores at their initial state and then
 * applies the visitor's answers, so only the brand, the page and the banner must agree. When
 * they do not, hydrating would fail and React would repaint anyway, with an error.
 */
export function canHydrate(facts: FirstRenderFacts): boolean {
  return (
    facts.prerenderedFor === facts.brand &&
    facts.pathname === '/' &&
    !facts.shellPath &&
    !facts.consentChosen
  );
}

/**
 * Whether a step's pre-rendered shell stays on screen until the app's first render replaces it
 * in one commit (docs/decisions/0043-step-shells.md): when it is this brand's shell of the page
 * the app is about to show. A shell of another page (the redirect rule sent the visitor
 * elsewhere) or of another brand is removed at once, as an empty page was before.
 */
export function keepsShell(facts: FirstRenderFacts): boolean {
  return (
    facts.prerenderedFor === facts.brand &&
    typeof facts.shellPath === 'string' &&
    facts.shellPath === facts.pathname
  );
}
