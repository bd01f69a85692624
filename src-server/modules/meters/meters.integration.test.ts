/** An installer edits a meter that uses a channel of an admin-only feed (as an early demo set it up). */
import { describe, expect, test } from 'vitest';
import { createWorld } from '../../testing/world';

async function installerMeterOnAdminFeed() {
  const w = await createWorld();
  await w.h.feed({ uuid: 'feed-admin', name: 'Feed Beheer' });
  await w.h.feed({ uuid: 'feed-gas', name: 'Feed Gas', meterKind: 'gas' });
  const imp = await w.h.channel('feed-admin', '1.8.0');
  const exp = await w.h.channel('feed-admin', '2.8.0');
  const other = await w.h.channel('feed-admin', '1.8.1');
  const gas = await w.h.channel('feed-gas', '24.2.1');
  const admin = await w.h.caller(w.tokens.admin);
  const meter = await admin.meter.create({
    type: 'electricity',
    name: 'Hoofdaansluiting',
    locationId: w.a1,
    netImportChannel: { type: 'meterbeheer', id: imp },
    netExportChannel: { type: 'meterbeheer', id: exp },
  });
  return { ...w, meter, imp, exp, other, gas, installer: await w.h.caller(w.tokens.installerA) };
}

describe('a meter keeps the channels it uses', () => {
  test('an installer renames its meter whose channels belong to an admin-only feed; the channels stay', async () => {
    const { meter, imp, exp, installer } = await installerMeterOnAdminFeed();
    const updated = await installer.meter.update({
      meterId: meter.id,
      type: 'electricity',
      name: 'Nieuwe naam',
      locationId: meter.locationId,
      netImportChannel: { type: 'meterbeheer', id: exp },
      netExportChannel: { type: 'meterbeheer', id: imp },
    });
    expect(updated.name).toBe('Nieuwe naam');
    expect([updated.netImportChannel?.id, updated.netExportChannel?.id]).toEqual([exp, imp]);
  });

  test('another channel of that feed is still refused to the installer, as on create', async () => {
    const { meter, other, installer } = await installerMeterOnAdminFeed();
    const attempt = installer.meter.update({
      meterId: meter.id,
      type: 'electricity',
      name: 'X',
      locationId: meter.locationId,
      netImportChannel: { type: 'meterbeheer', id: other },
      netExportChannel: null,
    });
    await expect(attempt).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(attempt).rejects.toSatisfy((e: { cause?: { details?: { fieldErrors?: object } } }) =>
      JSON.stringify(e.cause?.details?.fieldErrors).includes('Dit kanaal bestaat niet.'),
    );
  });

  test("the meter form's channel options include the meter's own channels, and only for a meter the user may see", async () => {
    const w = await installerMeterOnAdminFeed();
    const codes = (list: { code: string }[]) => list.map((c) => c.code).sort();
    expect(await w.installer.meterbeheer.channels()).toEqual([]);
    expect(codes(await w.installer.meterbeheer.channels({ meterId: w.meter.id }))).toEqual(['1.8.0', '2.8.0']);
    const stranger = await w.h.caller(w.tokens.installerB);
    expect(await stranger.meterbeheer.channels({ meterId: w.meter.id })).toEqual([]);
    const admin = await w.h.caller(w.tokens.admin);
    expect(codes(await admin.meterbeheer.channels({ meterId: w.meter.id }))).toEqual(['1.8.0', '1.8.1', '2.8.0', '24.2.1']);
  });
});
