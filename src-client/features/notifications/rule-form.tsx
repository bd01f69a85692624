import { type Priority, priorityOptions } from '@/domain/alarm-dashboard';
import * as v from 'valibot';
import { NOTIFY_EVENTS, type NotifyEvent, createRuleSchema, notifyEventLabels } from '@/domain/notification';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { AlertBanner } from '~/components/ui/alert-banner';
import { useCreateRule } from './use-notification-mutations';
import { requestFieldErrors } from '~/lib/request-error';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  name: string;
  priorities: Priority[];
  events: NotifyEvent[];
  unacknowledgedMinutes: string;
  channelType: 'EMAIL' | 'WEBHOOK' | 'TEAMS' | 'SLACK' | 'ESCALATION';
  policyId: string;
  emailTarget: 'ASSIGNABLE' | 'ADDRESSES';
  addresses: string;
  url: string;
  secret: string;
}

const initial: Values = {
  name: '',
  priorities: ['HIGH'],
  events: ['created'],
  unacknowledgedMinutes: '15',
  channelType: 'EMAIL',
  policyId: '',
  emailTarget: 'ASSIGNABLE',
  addresses: '',
  url: '',
  secret: '',
};

/**
 * The server's own rules for the fields the form holds as the API takes them. The events are left
 * to the server: an escalation ignores them (it always starts on a new alarm).
 */
const { name, priorities } = createRuleSchema.pipe[0].entries;
const schema = v.object({ name, priorities });

/** The server's messages for the channel's parts, which have no field of their own here. */
function channelErrors(error: unknown) {
  return Object.entries(requestFieldErrors(error))
    .filter(([name]) => name.startsWith('channel'))
    .flatMap(([, messages]) => messages);
}

/** How to get a team chat's webhook URL, under its URL field. */
const chatHints = {
  TEAMS:
    'In Teams: … bij het kanaal → Workflows → "Post to a channel when a webhook request is received"; kopieer de URL die de workflow geeft. De URL is geheim en wordt verborgen getoond.',
  SLACK:
    'In Slack: maak een app met Incoming Webhooks (api.slack.com/apps), kies het kanaal en kopieer de webhook-URL (https://hooks.slack.com/services/…). De URL is geheim en wordt verborgen getoond.',
};

/** A new rule: which alarms and events, and where the notification goes (e-mail, a signed webhook, Teams, Slack or an escalation policy). */
export function RuleForm({
  dashboardId,
  emailAvailable,
  policies = [],
}: {
  dashboardId: number;
  emailAvailable: boolean;
  policies?: { id: number; name: string }[];
}) {
  const create = useCreateRule();
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: initial,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: async ({ value, formApi }) => {
      const escalation = value.channelType === 'ESCALATION';
      const chat = value.channelType === 'TEAMS' || value.channelType === 'SLACK' ? value.channelType : null;
      const channel = chat
        ? { type: chat, url: value.url }
        : value.channelType === 'WEBHOOK'
          ? { type: 'WEBHOOK' as const, url: value.url, secret: value.secret }
          : escalation
            ? { type: 'ESCALATION' as const, policyId: Number(value.policyId || policies[0]?.id) }
            : {
                type: 'EMAIL' as const,
                to: value.emailTarget === 'ASSIGNABLE' ? ('ASSIGNABLE' as const) : value.addresses.split(/[\s,;]+/).filter(Boolean),
              };
      const ok = await run(formApi, () =>
        create.mutateAsync({
          dashboardId,
          name: value.name,
          enabled: true,
          priorities: value.priorities,
          // An escalation starts on a new alarm and stops by itself.
          events: escalation ? ['created'] : value.events,
          unacknowledgedMinutes: !escalation && value.events.includes('unacknowledged') ? Number(value.unacknowledgedMinutes) : null,
          channel,
        }),
      );
      if (ok) formApi.reset(initial);
    },
  });
  const extra = channelErrors(create.error);
  return (
    <AppForm form={form} failure={failure && extra.length ? `${failure} ${extra.join(' ')}` : failure} className="grid gap-4">
      <form.AppField name="name">{(field) => <field.TextField label="Naam" required placeholder="bijv. Wachtdienst nacht" />}</form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="priorities">{(field) => <field.CheckGroupField legend="Prioriteiten" options={priorityOptions} />}</form.AppField>
        <form.AppField name="events">
          {(field) => <field.CheckGroupField legend="Gebeurtenissen" options={NOTIFY_EVENTS.map((e) => ({ value: e, label: notifyEventLabels[e] }))} />}
        </form.AppField>
      </div>
      <form.Subscribe selector={(s) => s.values.events.includes('unacknowledged')}>
        {(on) =>
          on ? (
            <form.AppField name="unacknowledgedMinutes">
              {(field) => <field.TextField label="Niet bevestigd na (minuten)" type="number" min={1} max={1440} required />}
            </form.AppField>
          ) : null
        }
      </form.Subscribe>
      <form.AppField name="channelType">
        {(field) => (
          <field.ChoiceField
            label="Kanaal"
            options={[
              { value: 'EMAIL', label: 'E-mail' },
              { value: 'WEBHOOK', label: 'Webhook' },
              { value: 'TEAMS', label: 'Microsoft Teams' },
              { value: 'SLACK', label: 'Slack' },
              ...(policies.length ? [{ value: 'ESCALATION', label: 'Escalatie (per stap, tot iemand bevestigt)' }] : []),
            ]}
          />
        )}
      </form.AppField>
      <form.Subscribe selector={(s) => [s.values.channelType, s.values.emailTarget] as const}>
        {([type, target]) =>
          type === 'ESCALATION' ? (
            <form.Field name="policyId">
              {(field) => (
                <div className="grid gap-1.5">
                  <label htmlFor={`${field.name}-policy`} className="text-sm font-medium">
                    Escalatie
                  </label>
                  <select
                    id={`${field.name}-policy`}
                    className="h-9 rounded-md border border-input bg-background px-3 text-sm"
                    value={field.state.value || String(policies[0]?.id ?? '')}
                    onChange={(e) => field.handleChange(e.target.value)}
                  >
                    {policies.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                  <p className="text-xs text-muted-foreground">
                    Een escalatie start bij elk nieuw alarm van deze prioriteiten en stopt bij bevestigen of oplossen.
                  </p>
                </div>
              )}
            </form.Field>
          ) : type === 'EMAIL' ? (
            <>
              {emailAvailable ? null : (
                <AlertBanner variant="warning" title="Geen SMTP-server ingesteld">
                  Stel SMTP_URL en SMTP_FROM in op de server; tot dan mislukken e-mailmeldingen.
                </AlertBanner>
              )}
              <form.AppField name="emailTarget">
                {(field) => (
                  <field.ChoiceField
                    label="Aan"
                    options={[
                      { value: 'ASSIGNABLE', label: 'De gebruikers van dit dashboard' },
                      { value: 'ADDRESSES', label: 'Deze e-mailadressen' },
                    ]}
                  />
                )}
              </form.AppField>
              {target === 'ADDRESSES' ? (
                <form.AppField name="addresses">
                  {(field) => <field.TextField label="E-mailadressen" hint="Gescheiden door komma's of spaties; hoogstens 20." required />}
                </form.AppField>
              ) : null}
            </>
          ) : type === 'TEAMS' || type === 'SLACK' ? (
            <form.AppField name="url">
              {(field) => (
                <field.TextField
                  label={type === 'TEAMS' ? 'Webhook-URL van de Teams-workflow' : 'Webhook-URL van Slack'}
                  type="url"
                  required
                  autoComplete="off"
                  placeholder="https://…"
                  hint={chatHints[type]}
                />
              )}
            </form.AppField>
          ) : (
            <>
              <form.AppField name="url">{(field) => <field.TextField label="URL" type="url" required placeholder="https://…" />}</form.AppField>
              <form.AppField name="secret">
                {(field) => (
                  <field.TextField
                    label="Geheim"
                    type="password"
                    required
                    autoComplete="new-password"
                    hint="Minstens 16 tekens. De ontvanger controleert er de handtekening X-Energiebeheer-Signature mee."
                  />
                )}
              </form.AppField>
            </>
          )
        }
      </form.Subscribe>
      <div>
        <form.SubmitButton>Regel toevoegen</form.SubmitButton>
      </div>
    </AppForm>
  );
}
