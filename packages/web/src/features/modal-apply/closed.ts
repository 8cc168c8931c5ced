/**
 * Set in this tab's sessionStorage when the representative-example pop-up is closed: it is not
 * shown again until the tab is closed (docs/decisions/0078-the-first-screen-and-the-pop-up.md).
 */
export const POPUP_CLOSED_KEY = 'broker-representative-example-closed';
