import { HEARTBEAT_MINUTES_MAX, MATCH_FIELDS, matchFieldLabels, recoveryKeyTrap } from '@/domain/alarm-parser';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { FieldError, shownErrors } from '~/components/form/text-field';
import { FieldGroup } from './field-group';
import type { DefaultForm } from './use-parser-form';

const fieldOptions = MATCH_FIELDS.map((f) => ({ value: f, label: matchFieldLabels[f] }));

/** "Herstelmelding": an e-mail that also matches this pattern resolves the open alarms of its group key. */
export function RecoverySection({ form }: { form: DefaultForm }) {
  return (
    <FieldGroup
      title="Herstelmelding"
      description="Meldt het apparaat ook dat een storing voorbij is (RECOVERY, Resolved, Storing opgeheven)? Zo'n e-mail maakt geen alarm maar lost de open alarmen met dezelfde groeperingssleutel op. Zet daarom ook Groeperen aan: de sleutel zegt welk alarm hersteld is."
      container
    >
      <form.AppField name="recovering">
        {(field) => <field.CheckboxField label="Herstelmeldingen herkennen" hint="Past dit patroon ook, dan is de e-mail een herstelmelding." />}
      </form.AppField>
      <form.Subscribe selector={(s) => s.values.recovering}>
        {(recovering) =>
          recovering ? (
            <div className="grid gap-4 @2xl:grid-cols-[9rem_minmax(0,1fr)]">
              <form.AppField name="config.recovery.field">{(field) => <field.ChoiceField label="Veld" options={fieldOptions} />}</form.AppField>
              <form.AppField name="config.recovery.pattern">
                {(field) => (
                  <field.TextField
                    label="Patroon"
                    required
                    hint="Bijvoorbeeld ^\*\* RECOVERY of ^Resolved. Werkt alleen met een groeperingssleutel."
                    className="font-mono"
                    spellCheck={false}
                    autoComplete="off"
                  />
                )}
              </form.AppField>
            </div>
          ) : null
        }
      </form.Subscribe>
      <SectionError form={form} name="config.recovery" />
      <RecoveryKeyTrap form={form} />
    </FieldGroup>
  );
}

/** Recovery on with the subject in the group key: nothing would ever resolve. Says so, and offers keys from the parser's own names. */
function RecoveryKeyTrap({ form }: { form: DefaultForm }) {
  return (
    <form.Subscribe
      selector={(s) =>
        s.values.recovering && s.values.grouping
          ? recoveryKeyTrap({ match: s.values.config.match, data: s.values.config.data, group: s.values.config.group, recovery: true })
          : null
      }
    >
      {(trap) =>
        trap ? (
          <AlertBanner variant="warning" title="Zo wordt niets opgelost">
            <p data-testid="recovery-key-warning">{trap.warning}</p>
            {trap.suggestions.length ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span>Sleutel gebruiken:</span>
                {trap.suggestions.map((key) => (
                  <Button key={key} type="button" size="sm" variant="outline" className="font-mono" onClick={() => form.setFieldValue('config.group.key', key)}>
                    {key}
                  </Button>
                ))}
              </div>
            ) : null}
          </AlertBanner>
        ) : null
      }
    </form.Subscribe>
  );
}

/** A refusal of the whole option (no group key; heartbeat with recovery), which no input of its own shows. */
function SectionError({ form, name }: { form: DefaultForm; name: 'config.recovery' | 'config.heartbeat' }) {
  return <form.Field name={name}>{(field) => <FieldError id={`${name}-error`} messages={shownErrors(field)} />}</form.Field>;
}

/** "Hartslag": matching e-mails are signs of life; a key silent too long raises an alarm. */
export function HeartbeatSection({ form }: { form: DefaultForm }) {
  return (
    <FieldGroup
      title="Hartslag"
      description="Voor apparaten die regelmatig een bericht sturen (dagrapport, back-up gelukt). Herkende e-mails maken dan geen alarm: ze tellen als teken van leven, per groeperingssleutel. Blijft een sleutel langer stil, dan volgt een alarm ‘Geen bericht van … sinds …’; het volgende bericht lost het op."
    >
      <form.AppField name="beating">{(field) => <field.CheckboxField label="Als hartslag gebruiken" />}</form.AppField>
      <form.Subscribe selector={(s) => s.values.beating}>
        {(beating) =>
          beating ? (
            <form.AppField name="config.heartbeat.everyMinutes">
              {(field) => (
                <field.TextField
                  label="Alarm na stilte van (minuten)"
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  hint={`1 tot ${HEARTBEAT_MINUTES_MAX.toLocaleString('nl-NL')} minuten; een dagrapport: 1440 plus wat speling.`}
                  className="sm:max-w-40"
                />
              )}
            </form.AppField>
          ) : null
        }
      </form.Subscribe>
      <SectionError form={form} name="config.heartbeat" />
    </FieldGroup>
  );
}
