/**
 * Energy rules: 100 CAPACITY rules evaluated over one new day of quarter-hours on 100
 * meters (goal ≤ 100 ms); a preview of one rule over a year of quarter-hours (goal ≤ 300 ms); and
 * the HUB sync of one new day for 100 feeds with the 100 rules enabled against the same sync with
 * them disabled (goal: at most 10 % more), alternating days, medians.
 */
import { localMidnight } from '../src/lib/amsterdam';
import { evaluateAfterSync } from '../src-server/modules/energy-rules/energy-evaluation';
import { startHubSimulator } from '../src-server/modules/meterbeheer/hub-simulator/hub-simulator';
import { intervalValue } from '../src-server/modules/meterbeheer/hub-simulator/profiles';
import { upsertMeasurements } from '../src-server/modules/measurement-store/measurement-store.store';
import { TEST_ADDRESS, insertChannel, insertFeed } from '../src-server/testing/fixtures';
import { benchAdminCaller, startBenchServices } from './bench-services';
import { median } from './stats';

const RULES = 100;
const DAY_MS = 86_400_000;
const ROUNDS = 5;

export async function benchEnergyRules() {
  let now = new Date('2026-11-10T06:00:00Z');
  const sim = await startHubSimulator({ now: () => now, historyDays: 30 });
  const { services, stop } = await startBenchServices('energy', {
    clock: () => now,
    hub: { baseUrl: sim.baseUrl, apiKey: sim.apiKey, historyDays: 8, syncIntervalSeconds: 3600 },
  });
  try {
    const { db } = services;
    const caller = await benchAdminCaller(services);
    const { id: organizationId } = await caller.organization.create({ name: 'Bench' });
    const location = await caller.location.create({ organizationId, name: 'Kantoor', ...TEST_ADDRESS });
    const { id: dashboardId } = await caller.alarmDashboard.create({ name: 'Bench', organizationId });

    // 100 feeds with a week of history, a meter on each
    const meters: number[] = [];
    for (let i = 0; i < RULES; i++) {
      const feed = await caller.meterbeheer.addFeed({
        provider: 'kenter',
        name: `Aansluiting ${i}`,
        postalCode: '3511 ED',
        houseNumber: String(i + 1),
        meterKind: 'electricity',
        ean: String(871685900000000000n + BigInt(i)),
        username: 'u',
        password: 'p',
      });
      const channel = (code: string) => ({ type: 'meterbeheer' as const, id: feed.channels!.find((c) => c.code === code)!.id });
      const meter = await caller.meter.create({
        type: 'electricity',
        name: `Meter ${i}`,
        locationId: location.id,
        netImportChannel: channel('1.8.0'),
        netExportChannel: channel('2.8.0'),
      });
      meters.push(meter.id);
    }
    await services.sync.syncAll({ force: true });
    const rules = [];
    for (const meterId of meters) {
      rules.push(
        await caller.energyRule.create({
          locationId: location.id,
          name: 'Contractvermogen',
          meterId,
          dashboardId,
          priority: 'HIGH',
          type: 'CAPACITY',
          limitKw: 3.4,
        } as never),
      );
    }
    const setEnabled = (enabled: boolean) =>
      db
        .updateTable('energyRule')
        .set({ enabled: enabled ? 1 : 0 })
        .execute();
    const nextDay = () => (now = new Date(now.getTime() + DAY_MS));
    const timedSync = async () => {
      const start = performance.now();
      await services.sync.syncAll({ force: true });
      return performance.now() - start;
    };

    // Per limit, five rounds of: a day synced with the rules off (the sync alone); that day judged
    // on its own (the evaluation alone); the next day synced with the rules on, so the timed sync
    // judges exactly one new day, like the one before it. At 4.2 kW few days cross the limit (an
    // overrun is the exception); at 3.4 kW 66 of the 100 meters cross it every day.
    const channelIds = (await db.selectFrom('meter').select('netImportChannelId').execute()).map((m) => m.netImportChannelId!);
    const evaluate: Record<string, { ms: number; hits: number }> = {};
    const sync: Record<string, { with: number; without: number }> = {};
    for (const limitKw of [4.2, 3.4]) {
      await db
        .updateTable('energyRule')
        .set({ config: JSON.stringify({ limitKw }) })
        .execute();
      const alone: number[] = [];
      const without: number[] = [];
      const withRules: number[] = [];
      let hits = 0;
      for (let i = 0; i < ROUNDS; i++) {
        await setEnabled(false);
        nextDay();
        without.push(await timedSync());
        await setEnabled(true);
        const start = performance.now();
        hits += await evaluateAfterSync(services.energy, channelIds);
        alone.push(performance.now() - start);
        nextDay();
        withRules.push(await timedSync());
      }
      evaluate[`limit ${limitKw} kW`] = { ms: median(alone), hits: hits / ROUNDS };
      sync[`limit ${limitKw} kW`] = { with: median(withRules), without: median(without) };
    }
    // a preview over a year of quarter-hours
    await insertFeed(db, { uuid: 'bench-year', organizationId });
    const yearChannel = await insertChannel(db, 'bench-year');
    const rows: { ts: number; value: number }[] = [];
    for (let ts = localMidnight('2025-01-01'); ts < localMidnight('2026-01-01'); ts += 900) rows.push({ ts, value: intervalValue('import', 7, ts * 1000, 15) });
    await db.transaction().execute((trx) => upsertMeasurements(trx, yearChannel, rows));
    const yearMeter = await caller.meter.create({
      type: 'electricity',
      name: 'Jaarmeter',
      locationId: location.id,
      netImportChannel: { type: 'meterbeheer', id: yearChannel },
    });
    const previews: Record<string, number> = {};
    for (const rule of [
      { type: 'CAPACITY', limitKw: 3.4 },
      { type: 'MONTHLY_PEAK' },
      { type: 'BASE_LOAD', limitKw: 0.7, from: '01:00', to: '05:00' },
      { type: 'DAILY_ENERGY', channel: 'import', minKwh: 20, maxKwh: 60 },
    ]) {
      const saved = await caller.energyRule.create({
        locationId: location.id,
        name: 'Jaar',
        meterId: yearMeter.id,
        dashboardId,
        enabled: false,
        ...rule,
      } as never);
      const samples = [];
      let alarms = 0;
      for (let i = 0; i < 11; i++) {
        const start = performance.now();
        alarms = (await caller.energyRule.preview({ ruleId: saved.id, from: '2025-01-01', to: '2026-01-01' })).alarms.length;
        samples.push(performance.now() - start);
      }
      previews[`${rule.type} (${alarms} alarms)`] = median(samples);
    }
    return {
      evaluate,
      previews,
      sync,
    };
  } finally {
    await stop();
    await sim.close();
  }
}
