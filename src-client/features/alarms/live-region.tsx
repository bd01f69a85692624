/**
 * A polite live region: screen readers read what a keyboard shortcut or button did ("Alarm
 * bevestigd"). It stays mounted and only its text changes, which is what makes it announce.
 */
export function LiveRegion({ text }: { text: string }) {
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
      {text}
    </div>
  );
}
