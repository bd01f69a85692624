import { expect, test } from 'vitest';
import { createAlarmWorld, unreachableImap } from '../../testing/alarm-world';

test('the set-up guide ticks off sources, parsers, notifications and on call as each is made, for the dashboard asked or the first', async () => {
  const w = await createAlarmWorld();
  const admin = w.callers.admin;
  const empty = { mailSources: 0, hooks: 0, parsers: 0, notificationRules: 0, escalationPolicies: 0, schedules: 0 };
  expect(await admin.alarmSetup.get({})).toEqual({ dashboard: { id: w.dashA.id, name: w.dashA.name }, ...empty });

  await admin.mailSource.create({ dashboardId: w.dashA.id, ...unreachableImap('GBS') });
  await admin.alarmParser.create({
    dashboardId: w.dashA.id,
    type: 'DEFAULT',
    name: 'Vangnet',
    enabled: true,
    sourceId: null,
    config: { match: {}, line: '{{subject}}' },
  });
  await admin.escalationPolicy.create({ dashboardId: w.dashA.id, name: 'Piket', steps: [{ afterMinutes: 0, targets: [{ type: 'ASSIGNABLE' }] }], repeat: 0 });
  await admin.schedule.create({ organizationId: w.orgA, name: 'Storingsdienst' });
  expect(await w.callers.installerA.alarmSetup.get({ dashboardId: w.dashA.id })).toMatchObject({
    mailSources: 1,
    parsers: 1,
    notificationRules: 0,
    escalationPolicies: 1,
    schedules: 1,
  });
  // Another organization's dashboard is not there for this installer.
  await expect(w.callers.installerB.alarmSetup.get({ dashboardId: w.dashA.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  await w.h.close();
});
