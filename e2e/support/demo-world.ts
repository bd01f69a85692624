/**
 * The energy journeys' start: the product fed by a HUB simulator, the demo world seeded and synced,
 * and an alarm dashboard for the demo installer's organization.
 */
import { seedDemoWorld } from '../../scripts/demo-world';
import { type HubSimulator, startHubSimulator } from '../../src-server/modules/meterbeheer/hub-simulator/hub-simulator';
import { type Product, adminToken, restClient, startProduct } from './product';

/** The product fed by a HUB simulator, the demo world seeded and synced. */
export interface SyncedDemo {
  sim: HubSimulator;
  product: Product;
  /** The admin's bearer token. */
  token: string;
  api: ReturnType<typeof restClient>;
  stop: () => Promise<void>;
}

export interface DemoWorld extends SyncedDemo {
  /** The dashboard 'Storingen Zonnedak' of the demo organization. */
  dashboardId: number;
  /** 'Hoofdkantoor Utrecht', with an electricity and a gas meter. */
  locationId: number;
}

/** 400 days of simulator history, of which the product syncs the last `syncDays`; a failed feed fails the start. */
export async function startSyncedDemo(syncDays: number): Promise<SyncedDemo> {
  const sim = await startHubSimulator({ historyDays: 400 });
  let product: Product | undefined;
  try {
    const started = await startProduct({ METERBEHEER_API_URL: sim.baseUrl, METERBEHEER_API_KEY: sim.apiKey, METERBEHEER_HISTORY_DAYS: String(syncDays) });
    product = started;
    const token = await adminToken(started.url);
    const api = restClient(
      () => started,
      () => token,
    );
    await seedDemoWorld(started.url, token);
    const sync = await api<{ failed: number }>('POST', '/api/meterbeheer/sync');
    if (sync.failed !== 0) throw new Error(`The demo world's sync failed for ${sync.failed} feeds.`);
    return {
      sim,
      product: started,
      token,
      api,
      async stop() {
        await started.stop();
        await sim.close();
      },
    };
  } catch (error) {
    await product?.stop();
    await sim.close();
    throw error;
  }
}

/** The synced demo (its last 40 days) with an alarm dashboard for the demo installer's organization. */
export async function startDemoWorld(): Promise<DemoWorld> {
  const world = await startSyncedDemo(40);
  try {
    const { api } = world;
    const { organizations } = await api<{ organizations: { id: number }[] }>('GET', '/api/organizations/list');
    const { id: dashboardId } = await api<{ id: number }>('POST', '/api/v1/alarms/dashboards', {
      name: 'Storingen Zonnedak',
      organizationId: organizations[0]!.id,
    });
    const locationId = (await api<{ locations: { id: number }[] }>('GET', '/api/locations/list?query=Hoofdkantoor')).locations[0]!.id;
    return { ...world, dashboardId, locationId };
  } catch (error) {
    await world.stop();
    throw error;
  }
}
