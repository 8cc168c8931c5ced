import type { ReactNode } from 'react';

/** The page's h1; focus moves to it after each navigation, hence tabIndex -1. */
export function PageHeading({ children, caption }: { children: ReactNode; caption?: ReactNode }) {
  return (
    <>
      {caption && <span className="caption">{caption}</span>}
      <h1 className="heading-l" tabIndex={-1}>
        {children}
      </h1>
    </>
  );
}
