export interface MeasurementTable {
  channelId: number;
  /** Start of the interval, UTC seconds. */
  ts: number;
  /** Energy in the interval (kWh or m3). */
  value: number;
}
