/**
 * Meterbeheer HUB feeds: providers, the fields of each provider's form in
 * their order, labels and every validation message, character for character.
 */
import * as v from 'valibot';
import { presentString, requiredText } from './text';

export const PROVIDERS = ['anexo', 'fudura', 'joulz', 'kenter', 'meetbedrijf', 'solaredge', 'edsn'] as const;
export type Provider = (typeof PROVIDERS)[number];
/** The providers a feed can be created for here (EDSN feeds are only read from the HUB). */
export const CREATABLE_PROVIDERS = ['fudura', 'anexo', 'solaredge', 'joulz', 'kenter', 'meetbedrijf'] as const;
export type CreatableProvider = (typeof CREATABLE_PROVIDERS)[number];

export const providerNames: Record<Provider, string> = {
  anexo: 'Anexo',
  fudura: 'Fudura',
  joulz: 'Joulz',
  kenter: 'Kenter',
  meetbedrijf: 'Het Meetbedrijf',
  solaredge: 'SolarEdge',
  edsn: 'EDSN',
};

export const METER_KINDS = ['gas', 'electricity'] as const;
export type MeterKind = (typeof METER_KINDS)[number];
export const meterKindLabels: Record<MeterKind, string> = { gas: 'Gas', electricity: 'Elektriciteit' };
export const METER_KIND_PLACEHOLDER = 'Kies het metertype';

/** A required text that is sent as typed (secrets are not trimmed). */
const requiredRaw = (max: number, missing: string, tooLong: string) => v.pipe(presentString(missing), v.nonEmpty(missing), v.maxLength(max, tooLong));

const fields = {
  ean: v.pipe(presentString('Ongeldige EAN-Code.'), v.regex(/^\d{18}$/, 'Ongeldige EAN-Code.')),
  name: requiredText(64, 'De naam van de feed moet worden opgegeven.', 'De naam van de feed mag maximaal 64 tekens lang zijn.'),
  postalCode: requiredText(32, 'De postcode moet worden opgegeven.', 'De postcode is te lang.'),
  houseNumber: requiredText(32, 'Het huisnummer moet worden opgegeven.', 'Het huisnummer is te lang.'),
  customerId: requiredText(128, 'Het klantnummer moet worden opgegeven.', 'Het klantnummer is te lang.'),
  meterKind: v.picklist(METER_KINDS),
  anexoMeterId: requiredText(512, 'De id van de meter moet worden opgegeven.', 'De id van de meter is te lang.'),
  solaredgeMeterId: requiredText(512, 'Het id van de meter moet worden opgegeven.', 'De id van de meter is te lang.'),
  clientId: requiredText(512, 'De id van de client moet worden opgegeven.', 'De id van de client is te lang.'),
  apiKey: requiredRaw(512, 'De API sleutel moet worden opgegeven.', 'De API sleutel is te lang..'),
  subCode: requiredText(512, 'De subcode moet worden opgegeven.', 'De subcode is te lang.'),
  username: requiredRaw(128, 'De gebruikersnaam moet worden opgegeven.', 'De gebruikersnaam is te lang..'),
  password: requiredRaw(512, 'Het wachtwoord moet worden opgegeven.', 'Het wachtwoord is te lang.'),
};

/** Where the meter is: the fields that open every form but Fudura's. */
const site = { name: fields.name, postalCode: fields.postalCode, houseNumber: fields.houseNumber };
/** The site and the meter itself, ahead of the provider's own fields. */
const siteAndMeter = { ...site, meterKind: fields.meterKind, ean: fields.ean };

/** Each provider's form schema; the object's key order is the form's field order. */
export const feedFormSchemas = {
  fudura: v.object({ ean: fields.ean, customerId: fields.customerId, name: fields.name, houseNumber: fields.houseNumber, meterKind: fields.meterKind }),
  anexo: v.object({ ...siteAndMeter, meterId: fields.anexoMeterId, clientId: fields.clientId }),
  solaredge: v.object({ ...site, apiKey: fields.apiKey, meterId: fields.solaredgeMeterId }),
  joulz: v.object({ ...siteAndMeter, apiKey: fields.apiKey, subCode: fields.subCode }),
  kenter: v.object({ ...siteAndMeter, username: fields.username, password: fields.password }),
  meetbedrijf: v.object({ ...siteAndMeter, apiKey: fields.apiKey }),
} satisfies Record<CreatableProvider, v.GenericSchema>;

/** One input for every provider: `provider` picks that provider's form schema. */
export const addFeedSchema = v.variant(
  'provider',
  CREATABLE_PROVIDERS.map((provider) => v.object({ provider: v.literal(provider), ...feedFormSchemas[provider].entries })),
  `De provider moet een van ${CREATABLE_PROVIDERS.join(', ')} zijn.`,
);

type FeedForm<P extends CreatableProvider> = v.InferOutput<(typeof feedFormSchemas)[P]>;
export type AnyFeedForm = FeedForm<CreatableProvider>;

/** Fields that are secrets: sent to the HUB once, stored encrypted, never returned. */
export const SECRET_FIELDS = ['apiKey', 'password'] as const;

export const feedFieldLabels = (provider: Provider): Record<string, string> => ({
  name: 'Naam',
  postalCode: 'Postcode',
  houseNumber: 'Huisnummer',
  ean: 'EAN',
  meterKind: 'Metertype',
  customerId: `Klantnummer bij ${providerNames[provider]}`,
  meterId: 'Id van de meter',
  clientId: 'Id van de client',
  apiKey: 'API sleutel',
  subCode: 'Subcode',
  username: 'Gebruikersnaam',
  password: 'Wachtwoord',
});

export const feedTitle = (provider: Provider) => `${providerNames[provider]} feed aanmaken`;

export const FEED_CREATE_FAILED = 'Er is een fout opgetreden tijdens het aanmaken van de feed';
export const FEED_CREATE_WAIT = 'Een ogenblik geduld ...';

const FEED_STATUSES = ['verified', 'unverified'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

const channelEntries = {
  id: v.number(),
  code: v.string(),
  url: v.string(),
  createTimestamp: v.string(),
  updateTimestamp: v.nullable(v.string()),
  /** Start of the newest stored interval, and how many values are stored. */
  lastDataTimestamp: v.nullable(v.string()),
  valueCount: v.number(),
};
const channelSchema = v.object(channelEntries);
export type Channel = v.InferOutput<typeof channelSchema>;

export const feedSchema = v.object({
  uuid: v.string(),
  provider: v.picklist(PROVIDERS),
  name: v.string(),
  meterKind: v.picklist(METER_KINDS),
  status: v.picklist(FEED_STATUSES),
  postalCode: v.nullable(v.string()),
  houseNumber: v.nullable(v.string()),
  ean: v.nullable(v.string()),
  attached: v.boolean(),
  organizationId: v.nullable(v.number()),
  channels: v.nullable(v.array(channelSchema)),
  createTimestamp: v.string(),
  updateTimestamp: v.nullable(v.string()),
  lastSyncTimestamp: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
});
export type Feed = v.InferOutput<typeof feedSchema>;

export const channelWithFeedSchema = v.object({ ...channelEntries, feed: feedSchema });
export type ChannelWithFeed = v.InferOutput<typeof channelWithFeedSchema>;

/** A channel offered for binding to a meter. */
export const channelOptionSchema = v.object({
  id: v.number(),
  code: v.string(),
  feedUuid: v.string(),
  feedName: v.string(),
  provider: v.picklist(PROVIDERS),
  meterKind: v.picklist(METER_KINDS),
  ean: v.nullable(v.string()),
});

export const syncSummarySchema = v.object({
  startedAt: v.string(),
  finishedAt: v.string(),
  feeds: v.number(),
  failed: v.number(),
  stored: v.number(),
  results: v.array(v.object({ uuid: v.string(), name: v.string(), ok: v.boolean(), stored: v.number(), error: v.optional(v.string()) })),
});
export type SyncSummary = v.InferOutput<typeof syncSummarySchema>;

/** The sync job's last run and the caller's feeds: how many, how many failed at their last try. */
export const syncStatusSchema = v.object({
  running: v.boolean(),
  lastStartedAt: v.nullable(v.string()),
  lastFinishedAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  nextRunAt: v.nullable(v.string()),
  feeds: v.number(),
  failed: v.number(),
});
export type SyncStatus = v.InferOutput<typeof syncStatusSchema>;
