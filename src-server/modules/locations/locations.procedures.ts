import { scopedProcedure, signedInProcedure } from '../../api/trpc/trpc';
import { findLocation } from './locations.queries';

/** Input carries `locationId`; a location the user may not see reads as absent (404). */
export const locationProcedure = (base = signedInProcedure) =>
  scopedProcedure('locationId', 'location', (ctx, id) => findLocation(ctx.db, ctx.user, id), 'Deze locatie bestaat niet.', base);
