/** One row per location and month whose monthly mail was taken in hand: sent once, across restarts and instances. */
export interface CustomerMonthlyMailTable {
  locationId: number;
  /** The month the mail is about, 'YYYY-MM'. */
  month: string;
  /** The instance that took it in hand (host:pid:random), and when. */
  claimedBy: string;
  claimedAt: number;
  /** Set once the mail went out; null while it is being sent or after a failure. */
  sentAt: number | null;
  /** JSON array of the ids of the customers it reached, so a retry mails only the others. */
  reached: string;
  error: string | null;
}

declare module '../../platform/db/schema' {
  interface Database {
    customerMonthlyMail: CustomerMonthlyMailTable;
  }
}
