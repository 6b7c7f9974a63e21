import type { ReactNode } from 'react';

/**
 * The title of a section (card) of a station's detail screen: a level-2 heading under the
 * station's name (h1), so that screen-reader users can go from section to section, and the
 * headings go down one level at a time (an EMS 5000's parts are h3 under their card).
 */
export function SectionTitle({ children }: { children: ReactNode }) {
  return <h2 className="section-title">{children}</h2>;
}
