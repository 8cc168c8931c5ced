/** The attribute on #root that marks pre-rendered markup and names the brand it was made for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export interface FirstRenderFacts {
  /** The value of `data-prerendered` on #root, or null when the server sent an empty root. */
  prerenderedFor: string | null;
  /** The affiliate key of the brand this page is showing. */
  brand: string;
  /** The path the app shows first, after the redirect rule. */
  pathname: string;
  /** The visitor has already answered the cookie banner (it is then not in the markup). */
  consentChosen: boolean;
}

/**
 * Whether the browser may adopt the server's markup (hydrateRoot) rather than paint its own
 * (createRoot). The build pre-renders the start screen per brand with the banner showing and
 * every store at its initial state; React hydrates stores at their initial state and then
 * applies the visitor's answers, so only the brand, the page and the banner must agree. When
 * they do not, hydrating would fail and React would repaint anyway, with an error.
 */
export function canHydrate(facts: FirstRenderFacts): boolean {
  return facts.prerenderedFor === facts.brand && facts.pathname === '/' && !facts.consentChosen;
}
