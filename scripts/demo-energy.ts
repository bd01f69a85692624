/**
 * Energy rules for the demo, made after the first sync through the REST adapter:
 * each rule looks back 7 days when saved, so the console shows a capacity overrun and a silent
 * meter at once (the HUB publishes once a day, so a 1-hour NO_DATA rule is silent after 01:00).
 */
type Call = (method: string, route: string, body?: unknown) => Promise<unknown>;

export async function seedDemoEnergyRules(call: Call, dashboardId: number) {
  const { locations } = (await call('GET', '/api/locations/list?pageSize=100')) as { locations: { id: number; name: string }[] };
  const meterOf = async (locationName: string, type: 'electricity' | 'gas') => {
    const location = locations.find((l) => l.name === locationName)!;
    const summary = (await call('GET', `/api/location/${location.id}/summary`)) as { meters: { id: number; type: string }[] };
    return { locationId: location.id, meterId: summary.meters.find((m) => m.type === type)!.id };
  };
  const rule = async (locationName: string, type: 'electricity' | 'gas', body: Record<string, unknown>) => {
    const { locationId, meterId } = await meterOf(locationName, type);
    await call('POST', `/api/v1/locations/${locationId}/energy-rules`, { meterId, dashboardId, ...body });
  };
  await rule('Hoofdkantoor Utrecht', 'electricity', { name: 'Gecontracteerd vermogen', type: 'CAPACITY', limitKw: 3.4, priority: 'HIGH' });
  await rule('Hoofdkantoor Utrecht', 'electricity', { name: 'Nachtverbruik', type: 'BASE_LOAD', limitKw: 1.5, from: '01:00', to: '05:00' });
  await rule('Hoofdkantoor Utrecht', 'electricity', { name: 'Zonne-opbrengst', type: 'DAILY_ENERGY', channel: 'export', minKwh: 2, priority: 'LOW' });
  await rule('Magazijn Nieuwegein', 'electricity', { name: 'Maandpiek', type: 'MONTHLY_PEAK' });
  await rule('Winkel Amersfoort', 'gas', { name: 'Meterbewaking gas', type: 'NO_DATA', hours: 1 });
  const counts = await Promise.all(locations.map(async (l) => ((await call('GET', `/api/v1/locations/${l.id}/energy-rules`)) as unknown[]).length));
  return counts.reduce((a, b) => a + b, 0);
}
