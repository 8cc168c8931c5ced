/** Loads the brand's tag-manager container, which reads window.dataLayer (after consent). */
export function loadTagManager(containerId: string): void {
  if (!/^GTM-[A-Z0-9]+$/.test(containerId)) return;
  if (document.querySelector(`script[data-tag-manager="${containerId}"]`)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  script.dataset.tagManager = containerId;
  document.head.append(script);
}
