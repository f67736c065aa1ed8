import { useEffect } from 'react';

/** "<title> · Duel Dojo" as the tab's title while a screen is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Duel Dojo` : 'Duel Dojo';
  }, [title]);
}
