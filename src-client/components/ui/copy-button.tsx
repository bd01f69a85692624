import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label = 'Kopiëren' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? 'Gekopieerd' : label}
    </Button>
  );
}

/** A value shown once in full (a new token, an invitation link), named for screen readers, with its copy button. */
export function CopyableValue({ value, name, copyLabel }: { value: string; name: string; copyLabel: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all" aria-label={name}>
        {value}
      </code>
      <CopyButton text={value} label={copyLabel} />
    </div>
  );
}
