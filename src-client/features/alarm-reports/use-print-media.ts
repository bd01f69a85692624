/**
 * Whether the page is being printed. Recharts measures its container once on screen and does not
 * re-measure for the print layout, so the report's charts take a fixed print size while this is
 * true. `beforeprint` covers the browser's print dialog (the print media query may switch only
 * after it); the media query covers emulated print, as a PDF export uses.
 */
import { useSyncExternalStore } from 'react';

let printing = false;
const printQuery = () => window.matchMedia('print');

function subscribe(onChange: () => void) {
  const before = () => {
    printing = true;
    onChange();
  };
  const after = () => {
    printing = false;
    onChange();
  };
  const query = printQuery();
  query.addEventListener('change', onChange);
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  return () => {
    query.removeEventListener('change', onChange);
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
  };
}

export const usePrintMedia = () =>
  useSyncExternalStore(
    subscribe,
    () => printing || printQuery().matches,
    () => false,
  );
