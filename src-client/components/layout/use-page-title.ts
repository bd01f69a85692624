import { useEffect } from 'react';

const APP_NAME = 'Energiebeheer';

/**
 * Names the page in the browser's tab and history: 'Feeds · Energiebeheer'. Leaving the page gives
 * the name back, so a page's title never outlives it (the sign-in page's "Inloggen" once stayed on
 * every page after signing in).
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    return () => {
      if (document.title === (title ? `${title} · ${APP_NAME}` : APP_NAME)) document.title = APP_NAME;
    };
  }, [title]);
}
