import { useEffect } from 'react';

const APP_NAME = 'Energiebeheer';

/** Names the page in the browser's tab and history: 'Feeds · Energiebeheer'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
