import { BellRing, Flame, Inbox, LayoutDashboard } from 'lucide-react';
import type { Theme } from '@/domain/alarm-dashboard';
import { THEME_KEYS, themeLabels } from '@/domain/alarm-dashboard';
import { themeStyle } from '~/lib/alarms/theme';

/** A small copy of the area's header and sidebar in the chosen colours. */
export function ThemePreview({ theme, name, logo }: { theme: Theme; name: string; logo: string | null }) {
  return (
    <figure className="grid gap-3" aria-label="Voorbeeld van het thema">
      <div
        data-testid="theme-preview"
        style={themeStyle(theme)}
        className="flex h-64 overflow-hidden rounded-xl border border-border bg-background text-sm shadow-sm"
      >
        <div className="flex w-40 shrink-0 flex-col border-r border-sidebar-border bg-sidebar">
          <div
            className="flex h-11 items-center gap-2 px-3 font-semibold"
            style={{ background: 'var(--alarm-primary-dark)', color: 'var(--alarm-on-primary-dark)' }}
          >
            <BellRing aria-hidden className="size-4" />
            Alarmen
          </div>
          <div className="grid gap-1 p-2">
            <span className="flex h-7 items-center gap-2 rounded px-2">
              <LayoutDashboard aria-hidden className="size-4" />
              Overzicht
            </span>
            <span
              className="flex h-7 items-center gap-2 rounded px-2 font-medium"
              style={{ background: 'color-mix(in srgb, var(--alarm-primary) 14%, white)', boxShadow: 'inset 3px 0 0 var(--alarm-primary)' }}
            >
              <Inbox aria-hidden className="size-4" />
              Inbox
              <span
                className="ml-auto rounded-full px-1.5 text-xs leading-5 font-semibold"
                style={{ background: 'var(--alarm-secondary)', color: 'var(--alarm-on-secondary)' }}
              >
                4
              </span>
            </span>
            <span className="flex h-7 items-center gap-2 rounded px-2">
              <Flame aria-hidden className="size-4" />
              Storingen
            </span>
          </div>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex h-11 items-center gap-2 border-b-[3px] px-3" style={{ borderBottomColor: 'var(--alarm-primary)' }}>
            {logo ? <img src={logo} alt="" className="h-6 w-auto object-contain" /> : null}
            <span className="truncate font-semibold">{name}</span>
          </div>
          <div className="grid content-start gap-2 p-3">
            <span className="inline-flex w-fit items-center rounded-md bg-primary px-3 py-1.5 text-primary-foreground">Nieuw alarm</span>
            <span
              className="rounded-md px-2 py-1.5"
              style={{ background: 'color-mix(in srgb, var(--alarm-tertiary) 18%, white)', boxShadow: 'inset 3px 0 0 var(--alarm-tertiary-dark)' }}
            >
              Geselecteerd alarm
            </span>
          </div>
        </div>
      </div>
      <figcaption className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        {THEME_KEYS.map((key) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="size-3 rounded-sm border border-border" style={{ background: theme[key] }} />
            {themeLabels[key]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
