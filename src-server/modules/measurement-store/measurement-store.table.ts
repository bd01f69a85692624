export interface MeasurementTable {
  channelId: number;
  /** Start of the interval, UTC seconds. */
  ts: number;
  /** Energy in the interval (kWh or m3). */
  value: number;
}

/** Hourly sums of `measurement`, rewritten for every hour a write touches. */
export interface MeasurementHourTable {
  channelId: number;
  /** Start of the UTC hour (also a local hour: Amsterdam's offsets are whole hours). */
  ts: number;
  value: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    measurementHour: MeasurementHourTable;
    measurement: MeasurementTable;
  }
}
