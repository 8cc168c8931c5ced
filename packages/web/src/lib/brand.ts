import { brandForHost, type Brand } from '@broker/domain';

/** The brand chosen by this page's host (docs/design.md D3); the host cannot change without a reload. */
export function currentBrand(host: string = window.location.host): Brand {
  return brandForHost(host);
}

/** Brand colours are chosen for white text (see domain brands.ts), so `--brand` takes white text. */
export function applyBrandTheme(brand: Brand, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--brand', brand.colour);
}
