import type { ReactNode } from 'react';
import type { Brand } from '@broker/domain';

// URLs only (no SVG text in the bundle): each logo is its own cacheable file.
const LOGOS = import.meta.glob<string>('../assets/logos/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

function logoUrl(logoName: string): string | undefined {
  return LOGOS[`../assets/logos/${logoName}`];
}

/**
 * The brand's logo (width and height fixed, so the page does not move when it loads) and
 * whatever belongs to every page's banner, such as the money-help warning.
 */
export function Header({ brand, children }: { brand: Brand; children?: ReactNode }) {
  const src = logoUrl(brand.logoName);
  return (
    <header className="header">
      <div className="header__bar">
        <div className="width-container header__inner">
          {src ? (
            <img className="header__logo" src={src} alt={brand.name} width={240} height={48} />
          ) : (
            <span className="header__name">{brand.name}</span>
          )}
        </div>
      </div>
      {children}
    </header>
  );
}
