import { CopyButton } from '~/components/ui/copy-button';
import { hookExamples } from './hook-examples';

/** The hooks' ready-made configuration for Alertmanager, Grafana and curl, with this token filled in. */
export function HookConfiguration({ token }: { token: string }) {
  return hookExamples(window.location.origin, token).map((example) => (
    <section key={example.title} className="grid gap-2" aria-label={example.title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{example.title}</h3>
        <CopyButton text={example.code} />
      </div>
      <p className="text-sm text-muted-foreground">{example.hint}</p>
      {/* Focusable: a long line scrolls, and the keyboard must reach it. */}
      <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
        {example.code}
      </pre>
    </section>
  ));
}
