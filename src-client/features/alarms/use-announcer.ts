import { useCallback, useState } from 'react';

/** The text for a polite live region, and `announce` to change it. */
export function useAnnouncer() {
  const [state, setState] = useState({ text: '', n: 0 });
  const announce = useCallback((text: string) => setState((s) => ({ text, n: s.n + 1 })), []);
  // The same words twice must still be read out: a trailing no-break space comes and goes, so the text always changes.
  return { announcement: state.text + (state.n % 2 ? '\u00a0' : ''), announce };
}
