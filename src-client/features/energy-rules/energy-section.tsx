/**
 * The energy half of a location's page: its meters with the newest value per
 * channel (a warning when old), its open alarms, and its energy rules with a form per type.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { priorityLabels } from '@/domain/alarm-dashboard';
import { type EnergyRule, STALE_DATA_HOURS, energyRuleTypeLabels } from '@/domain/energy-rule';
import { meterTypeLabels } from '@/domain/meter';
import { TextLink } from '~/components/layout/text-link';
import { DeleteButton } from '~/components/lists/delete-button';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { SectionCard } from '~/components/ui/section-card';
import { useTRPC } from '~/lib/trpc';
import { type MeterOption, RuleForm } from './rule-form';
import { emptyValues, inputOf, valuesOf } from './rule-values';
import { useCreateRule, useDeleteRule, useUpdateRule } from './use-energy-rule-mutations';

const when = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

function ruleSummary(r: EnergyRule) {
  const n = (x: number | null | undefined) => String(x ?? '').replace('.', ',');
  switch (r.type) {
    case 'CAPACITY':
      return `boven ${n(r.limitKw)} kW per kwartier`;
    case 'MONTHLY_PEAK':
      return 'boven de piek van vorige maand';
    case 'BASE_LOAD':
      return `gemiddeld boven ${n(r.limitKw)} kW tussen ${r.from} en ${r.to}`;
    case 'DAILY_ENERGY':
      return (
        [r.minKwh != null ? `onder ${n(r.minKwh)} kWh` : null, r.maxKwh != null ? `boven ${n(r.maxKwh)} kWh` : null].filter(Boolean).join(' of ') +
        ` per dag (${r.channel})`
      );
    case 'NO_DATA':
      return `${r.hours} uur zonder meetgegevens`;
  }
}

export function EnergySection({ locationId, organizationId }: { locationId: number; organizationId: number }) {
  const trpc = useTRPC();
  const { data: site } = useSuspenseQuery(trpc.energyRule.site.queryOptions({ locationId }));
  const { data: rules } = useSuspenseQuery(trpc.energyRule.list.queryOptions({ locationId }));
  // The rule form's dashboard choices are there before it opens (its default is the first).
  const { data: dashboards } = useSuspenseQuery(trpc.alarmDashboard.search.queryOptions({ page: 0, size: 100 }));
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const create = useCreateRule();
  const update = useUpdateRule();
  const remove = useDeleteRule();
  // When the page was opened: what "old data" is measured against.
  const [now] = useState(() => Date.now());
  const dashboardOptions = dashboards.dashboards.filter((d) => d.organization.id === organizationId).map((d) => ({ id: d.id, name: d.name }));
  const meterOptions: MeterOption[] = site.meters.map((m) => ({
    id: m.id,
    name: m.name,
    type: m.type,
    importChannelId: m.channels.find((c) => c.channel === 'import')?.channelId ?? null,
    exportChannelId: m.channels.find((c) => c.channel === 'export')?.channelId ?? null,
  }));

  return (
    <>
      <SectionCard title="Meetgegevens">
        {site.meters.length === 0 ? (
          <p className="text-muted-foreground">Deze locatie heeft nog geen meters.</p>
        ) : (
          <ul className="grid gap-3" data-testid="location-meters">
            {site.meters.map((m) => (
              <li key={m.id} className="grid gap-1">
                <span>
                  <TextLink to="/admin/meter/$meterId" params={{ meterId: m.id }}>
                    {m.name}
                  </TextLink>{' '}
                  <span className="text-muted-foreground">({meterTypeLabels[m.type]})</span>
                </span>
                {m.channels.length === 0 ? <span className="text-sm text-muted-foreground">Geen kanalen gekoppeld.</span> : null}
                {m.channels.map((c) => {
                  const stale = c.lastValueAt === null || now - Date.parse(c.lastValueAt) > STALE_DATA_HOURS * 3_600_000;
                  return (
                    <span key={c.channel} className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="text-muted-foreground">{c.channel === 'import' ? 'Afname' : 'Teruglevering'}:</span>
                      {c.lastValueAt ? <span>laatste waarde {when(c.lastValueAt)}</span> : <span>nog geen gegevens</span>}
                      {stale ? <Badge tone="warning">Ouder dan {STALE_DATA_HOURS} uur</Badge> : <Badge tone="success">Actueel</Badge>}
                    </span>
                  );
                })}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      {dashboardOptions.length ? (
        <SectionCard title="Maandrapporten">
          <ul className="grid gap-2" data-testid="location-reports">
            {dashboardOptions.map((d) => (
              <li key={d.id}>
                <Link
                  to="/alarms/$dashboardId/location-report/$locationId"
                  params={{ dashboardId: d.id, locationId: String(locationId) }}
                  className="inline-flex items-center gap-2 font-medium text-primary hover:underline"
                >
                  <FileText aria-hidden className="size-4" />
                  Maandrapport met de alarmen van {d.name}
                </Link>
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}

      <SectionCard title="Open alarmen">
        {site.alarms.length === 0 ? (
          <p className="text-muted-foreground">Geen open alarmen voor deze locatie.</p>
        ) : (
          <ul className="grid gap-2" data-testid="location-alarms">
            {site.alarms.map((a) => (
              <li key={a.id} className="grid gap-0.5 text-sm">
                <Link
                  to="/alarms/$dashboardId/folders/$folder"
                  params={{ dashboardId: a.dashboardId, folder: a.folderName }}
                  search={{ alarm: a.id }}
                  className="break-words text-primary hover:underline"
                >
                  {a.line}
                </Link>
                <span className="text-muted-foreground">
                  {priorityLabels[a.priority]} · {a.dashboardName} · {when(a.receivedAt)}
                  {a.occurrences > 1 ? ` · ${a.occurrences}×` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard title="Energieregels">
        <div className="grid gap-4">
          {rules.length === 0 ? (
            <p className="text-muted-foreground">
              Nog geen energieregels. Een regel meldt bijvoorbeeld een overschrijding van het gecontracteerd vermogen in de alarmconsole.
            </p>
          ) : null}
          <ul className="grid gap-3" data-testid="energy-rules">
            {rules.map((r) => (
              <li key={r.id} className="grid gap-2 rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0">
                    <span className="font-medium">{r.name}</span> <Badge>{energyRuleTypeLabels[r.type]}</Badge>{' '}
                    {r.enabled ? null : <Badge tone="warning">Uit</Badge>}
                    <span className="block text-sm text-muted-foreground">
                      {ruleSummary(r)} · {site.meters.find((m) => m.id === r.meterId)?.name ?? 'meter'} · {priorityLabels[r.priority]}
                    </span>
                  </span>
                  <span className="flex gap-2">
                    <Button type="button" variant="outline" size="sm" onClick={() => setEditing(editing === r.id ? null : r.id)}>
                      {editing === r.id ? 'Sluiten' : 'Wijzigen'}
                    </Button>
                    <DeleteButton
                      title="Energieregel verwijderen"
                      description={`Weet je zeker dat je '${r.name}' wilt verwijderen? De alarmen die hij gaf blijven staan.`}
                      onDelete={() => remove.mutateAsync({ ruleId: r.id })}
                    />
                  </span>
                </div>
                {editing === r.id ? (
                  <RuleForm
                    locationId={locationId}
                    meters={meterOptions}
                    dashboards={dashboardOptions}
                    initial={valuesOf(r)}
                    submitLabel="Opslaan"
                    onSubmit={async (values) => {
                      await update.mutateAsync({ ruleId: r.id, ...inputOf(values) });
                      setEditing(null);
                    }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
          {editing === 'new' ? (
            <RuleForm
              locationId={locationId}
              meters={meterOptions}
              dashboards={dashboardOptions}
              initial={emptyValues((meterOptions.find((m) => m.type === 'electricity') ?? meterOptions[0])?.id, dashboardOptions[0]?.id)}
              submitLabel="Regel opslaan"
              onSubmit={async (values) => {
                await create.mutateAsync({ locationId, ...inputOf(values) });
                setEditing(null);
              }}
            />
          ) : (
            <div>
              <Button type="button" onClick={() => setEditing('new')} disabled={site.meters.length === 0}>
                Nieuwe energieregel
              </Button>
            </div>
          )}
        </div>
      </SectionCard>
    </>
  );
}
