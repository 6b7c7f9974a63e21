import { useEffect } from 'react';

/** Names the browser tab after the screen: "Stations · Helio". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Helio` : 'Helio';
  }, [title]);
}
