import { useState } from 'react';
import { cn } from '~/lib/cn';

/**
 * Sanitized HTML goes only into a frame with an empty sandbox (no scripts, no same-origin, no
 * forms, no popups, no navigation of this page) and a policy of its own that loads nothing but
 * inline images, so even a sanitizer's miss could neither run nor phone home.
 */
const FRAME_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

const frameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">` +
  '<style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;margin:12px;overflow-wrap:anywhere;color:#0f172a;background:#fff}img{max-width:100%;height:auto}table{max-width:100%}</style>' +
  `</head><body>${html}</body></html>`;

type View = 'text' | 'html';

const toggle = (active: boolean) => cn('rounded-md px-3 py-1.5 text-sm font-medium', active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted');

/** The body: the text in a wrapping <pre>, the HTML in a sandboxed frame, with a switch when there are both. */
export function EmailBody({ text, html }: { text: string; html: string | null }) {
  const hasText = text.trim() !== '';
  const [view, setView] = useState<View>(hasText || !html ? 'text' : 'html');
  return (
    <section className="grid gap-2" aria-labelledby="email-body-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="email-body-heading" className="text-sm font-medium">
          Inhoud
        </h3>
        {hasText && html ? (
          <div role="group" aria-label="Weergave" className="flex gap-1 rounded-lg border border-border p-0.5">
            <button type="button" aria-pressed={view === 'text'} className={toggle(view === 'text')} onClick={() => setView('text')}>
              Tekst
            </button>
            <button type="button" aria-pressed={view === 'html'} className={toggle(view === 'html')} onClick={() => setView('html')}>
              HTML
            </button>
          </div>
        ) : null}
      </div>
      {view === 'html' && html ? (
        <iframe
          sandbox=""
          srcDoc={frameDocument(html)}
          title="HTML-inhoud van de e-mail"
          referrerPolicy="no-referrer"
          data-testid="email-html"
          className="h-[60vh] min-h-64 w-full rounded-lg border border-border bg-white"
        />
      ) : hasText ? (
        <pre
          data-testid="email-text"
          className="max-h-[60vh] overflow-auto rounded-lg border border-border bg-muted/40 p-3 font-mono text-sm break-words whitespace-pre-wrap"
        >
          {text}
        </pre>
      ) : (
        <p className="text-sm text-muted-foreground">Deze e-mail heeft geen inhoud.</p>
      )}
    </section>
  );
}
