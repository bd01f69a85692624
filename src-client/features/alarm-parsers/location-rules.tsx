import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { LOCATION_RULES_MAX, MATCH_FIELDS, matchFieldLabels } from '@/domain/alarm-parser';
import { FieldError, shownErrors } from '~/components/form/text-field';
import { Button } from '~/components/ui/button';
import { useTRPC } from '~/lib/trpc';
import { FieldGroup } from './field-group';
import { RemoveButton } from './rule-lists';
import type { DefaultForm } from './use-parser-form';

const rowClass = 'relative grid min-w-0 items-start gap-3 rounded-lg border border-border p-3 pr-12 @2xl:grid-cols-[minmax(0,1fr)_14rem]';

/**
 * "Locatie": a small table that maps the sender, the subject, the text or a data
 * value to one of the organization's locations; the first row whose pattern matches wins.
 */
export function LocationSection({ form, organizationId, readOnly }: { form: DefaultForm; organizationId: number; readOnly: boolean }) {
  const trpc = useTRPC();
  const locations = useQuery(trpc.location.visible.queryOptions(undefined, { select: (all) => all.filter((l) => l.organizationId === organizationId) }));
  const locationOptions = [{ value: '', label: 'Kies een locatie' }, ...(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))];
  return (
    <FieldGroup
      title="Locatie"
      description="Koppel het alarm aan een locatie van de klant, bijvoorbeeld op EAN, afzender of installatienaam. De eerste regel waarvan het patroon past, bepaalt de locatie."
      container
    >
      <form.AppField name="locating">{(field) => <field.CheckboxField label="Locatie bepalen" />}</form.AppField>
      <form.Subscribe selector={(s) => [s.values.locating, s.values.config.data.map((d) => d.name.trim()).filter(Boolean)] as const}>
        {([locating, dataNames]) =>
          locating ? (
            <div className="grid gap-3">
              <form.AppField name="config.location.field">
                {(field) => (
                  <field.ChoiceField
                    label="Zoeken in"
                    options={[
                      ...MATCH_FIELDS.map((f) => ({ value: f, label: matchFieldLabels[f] })),
                      ...dataNames.map((n) => ({ value: n, label: `Gegeven ${n}` })),
                    ]}
                  />
                )}
              </form.AppField>
              <form.Field name="config.location.map" mode="array">
                {(list) => (
                  <div className="grid gap-3">
                    {list.state.value.length === 0 ? <p className="text-sm text-muted-foreground">Nog geen regels: het alarm krijgt geen locatie.</p> : null}
                    <ol className="@container grid gap-3" aria-label="Locatieregels">
                      {list.state.value.map((_, i) => (
                        <li key={i} className={rowClass} data-testid="location-rule">
                          <form.AppField name={`config.location.map[${i}].pattern`}>
                            {(field) => (
                              <field.TextField
                                label="Patroon"
                                required
                                hint="Bijvoorbeeld ^871234 of bakkerij-jansen\.nl"
                                className="font-mono"
                                spellCheck={false}
                                autoComplete="off"
                              />
                            )}
                          </form.AppField>
                          <form.AppField name={`config.location.map[${i}].locationId`}>
                            {(field) => <field.ChoiceField label="Locatie" options={locationOptions} />}
                          </form.AppField>
                          <RemoveButton label={`Locatieregel ${i + 1} verwijderen`} hidden={readOnly} onClick={() => list.removeValue(i)} />
                        </li>
                      ))}
                    </ol>
                    <FieldError id="config-location-error" messages={shownErrors(list)} />
                    {readOnly || list.state.value.length >= LOCATION_RULES_MAX ? null : (
                      <div>
                        <Button variant="outline" size="sm" onClick={() => list.pushValue({ pattern: '', locationId: '' })}>
                          <Plus aria-hidden className="size-4" />
                          Locatieregel toevoegen
                        </Button>
                      </div>
                    )}
                  </div>
                )}
              </form.Field>
            </div>
          ) : null
        }
      </form.Subscribe>
    </FieldGroup>
  );
}
