import { HEARTBEAT_MINUTES_MAX, MATCH_FIELDS, matchFieldLabels } from '@/domain/alarm-parser';
import { CheckboxField, ChoiceField } from '~/components/form/choice-fields';
import { FieldError, TextField, shownErrors } from '~/components/form/text-field';
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
      <form.Field name="recovering">
        {(field) => <CheckboxField field={field} label="Herstelmeldingen herkennen" hint="Past dit patroon ook, dan is de e-mail een herstelmelding." />}
      </form.Field>
      <form.Subscribe selector={(s) => s.values.recovering}>
        {(recovering) =>
          recovering ? (
            <div className="grid gap-4 @2xl:grid-cols-[9rem_minmax(0,1fr)]">
              <form.Field name="config.recovery.field">{(field) => <ChoiceField field={field} label="Veld" options={fieldOptions} />}</form.Field>
              <form.Field name="config.recovery.pattern">
                {(field) => (
                  <TextField
                    field={field}
                    label="Patroon"
                    required
                    hint="Bijvoorbeeld ^\*\* RECOVERY of ^Resolved. Werkt alleen met een groeperingssleutel."
                    className="font-mono"
                    spellCheck={false}
                    autoComplete="off"
                  />
                )}
              </form.Field>
            </div>
          ) : null
        }
      </form.Subscribe>
      <SectionError form={form} name="config.recovery" />
    </FieldGroup>
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
      <form.Field name="beating">{(field) => <CheckboxField field={field} label="Als hartslag gebruiken" />}</form.Field>
      <form.Subscribe selector={(s) => s.values.beating}>
        {(beating) =>
          beating ? (
            <form.Field name="config.heartbeat.everyMinutes">
              {(field) => (
                <TextField
                  field={field}
                  label="Alarm na stilte van (minuten)"
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  hint={`1 tot ${HEARTBEAT_MINUTES_MAX.toLocaleString('nl-NL')} minuten; een dagrapport: 1440 plus wat speling.`}
                  className="sm:max-w-40"
                />
              )}
            </form.Field>
          ) : null
        }
      </form.Subscribe>
      <SectionError form={form} name="config.heartbeat" />
    </FieldGroup>
  );
}
