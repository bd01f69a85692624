import { useQuery } from '@tanstack/react-query';
import { BellRing, FileCode2, Inbox, LayoutDashboard, PhoneCall } from 'lucide-react';
import { useState } from 'react';
import type { AlarmSetup } from '@/domain/alarm-setup';
import { type SetupStep, SetupSteps, countText } from '~/components/setup-steps';
import { Button } from '~/components/ui/button';
import { useTRPC } from '~/lib/trpc';

const list = (parts: string[]) => parts.join(', ');

/**
 * The alarm set-up in order: a dashboard, then where alarms come from (mail sources or monitoring
 * hooks), the parsers that read the mail, the rules that notify, and who is on call.
 */
function alarmSetupSteps(s: AlarmSetup): SetupStep[] {
  const params = s.dashboard ? { dashboardId: s.dashboard.id } : undefined;
  type DashboardPage = '/alarms/$dashboardId/emails/sources' | '/alarms/$dashboardId/emails/parsers' | '/alarms/$dashboardId/settings/notifications';
  const at = (to: DashboardPage, label: string) => (params ? { label, link: { to, params } } : undefined);
  const hooksOnly = s.mailSources === 0 && s.hooks > 0;
  const steps: SetupStep[] = [
    {
      title: 'Bronnen',
      icon: Inbox,
      done: s.mailSources + s.hooks > 0,
      status:
        s.mailSources + s.hooks === 0
          ? 'Nog geen bronnen: een mailbox of een koppeling met een monitoringsysteem'
          : list([
              ...(s.mailSources ? [countText(s.mailSources, 'mailbox', 'mailboxen')] : []),
              ...(s.hooks ? [countText(s.hooks, 'koppeling', 'koppelingen')] : []),
            ]),
      action: at('/alarms/$dashboardId/emails/sources', 'Naar bronnen'),
    },
    {
      title: 'Parsers',
      icon: FileCode2,
      done: s.parsers > 0 || hooksOnly,
      status: hooksOnly && s.parsers === 0 ? 'Niet nodig: alarmen komen binnen via koppelingen' : countText(s.parsers, 'parser', 'parsers'),
      action: at('/alarms/$dashboardId/emails/parsers', 'Naar parsers'),
    },
    {
      title: 'Meldingen',
      icon: BellRing,
      done: s.notificationRules > 0,
      status: countText(s.notificationRules, 'meldingsregel', 'meldingsregels'),
      action: at('/alarms/$dashboardId/settings/notifications', 'Naar meldingen'),
    },
    {
      title: 'Piketdienst',
      icon: PhoneCall,
      done: s.schedules > 0 && s.escalationPolicies > 0,
      status: list([countText(s.schedules, 'rooster', 'roosters'), countText(s.escalationPolicies, 'escalatie', 'escalaties').toLowerCase()]),
      action: s.schedules === 0 ? { label: 'Rooster maken', link: { to: '/schedules' } } : at('/alarms/$dashboardId/settings/notifications', 'Escalatie maken'),
    },
  ];
  return s.dashboard
    ? steps
    : [
        {
          title: 'Alarmdashboard',
          icon: LayoutDashboard,
          done: false,
          status: 'Nog geen alarmdashboards',
          action: { label: 'Naar alarmen', link: { to: '/alarms' } },
        },
        ...steps,
      ];
}

/** The start page's part: the alarm steps after the energy steps, for the caller's first dashboard. */
export function AlarmSetupSection() {
  const trpc = useTRPC();
  const setup = useQuery(trpc.alarmSetup.get.queryOptions({}, { staleTime: 0 }));
  if (!setup.data) return null;
  return (
    <div className="grid gap-3" data-testid="alarm-setup">
      <h2 className="text-lg font-semibold">Alarmen inrichten</h2>
      <p className="text-sm text-muted-foreground">
        {setup.data.dashboard ? `Voor ${setup.data.dashboard.name}: ` : ''}waar alarmen binnenkomen, hoe ze gelezen worden, wie een melding krijgt en wie er 's
        nachts dienst heeft.
      </p>
      <SetupSteps label="Alarmen inrichten" testId="alarm-setup" steps={alarmSetupSteps(setup.data)} />
    </div>
  );
}

const hiddenKey = (dashboardId: number) => `alarm-setup-hidden-${dashboardId}`;

/** The empty or new console's guide: shown while a step is open, until it is hidden for this dashboard. */
export function AlarmSetupGuide({ dashboardId }: { dashboardId: number }) {
  const trpc = useTRPC();
  const setup = useQuery(trpc.alarmSetup.get.queryOptions({ dashboardId }, { staleTime: 0 }));
  const [hidden, setHidden] = useState(() => localStorage.getItem(hiddenKey(dashboardId)) === '1');
  if (hidden || !setup.data) return null;
  const steps = alarmSetupSteps(setup.data);
  if (steps.every((s) => s.done)) return null;
  return (
    <section aria-labelledby="alarm-setup-title" className="mb-4 grid gap-3 rounded-xl border border-border bg-background p-4" data-testid="alarm-setup-guide">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id="alarm-setup-title" className="font-semibold">
            Alarmen inrichten
          </h2>
          <p className="text-sm text-muted-foreground">
            Nog {steps.filter((s) => !s.done).length} van de 4 stappen, dan komen alarmen binnen en bij de juiste mensen.
          </p>
        </div>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            localStorage.setItem(hiddenKey(dashboardId), '1');
            setHidden(true);
          }}
        >
          Verbergen
        </Button>
      </div>
      <SetupSteps label="Alarmen inrichten" testId="alarm-setup" steps={steps} />
    </section>
  );
}
