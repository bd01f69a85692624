/**
 * The local Europe/Amsterdam buckets every alarm report counts in (the periodic count,
 * response times): days, ISO weeks from Monday, months from the 1st, every bucket present.
 */
import { type ALARM_COUNT_GRANULARITIES, MAX_PERIODIC_BUCKETS } from '@/domain/alarm';
import { localDate, localMidnight } from '@/lib/amsterdam';
import { bucketStarts } from '@/lib/local-buckets';
import { invalidField } from '../../platform/errors';

export interface BucketQuery {
  from: string;
  to: string;
  granularity: (typeof ALARM_COUNT_GRANULARITIES)[number];
}

/** `dates`: each bucket's first local day; `ranges`: its [from, to) in UTC seconds, clipped to the asked period. */
export function alarmBuckets(input: BucketQuery) {
  const start = localMidnight(input.from);
  const end = localMidnight(input.to);
  const starts = bucketStarts(input.granularity, start, end, MAX_PERIODIC_BUCKETS);
  if (starts.length > MAX_PERIODIC_BUCKETS) {
    throw invalidField('to', `Hoogstens ${MAX_PERIODIC_BUCKETS} perioden per vraag; kies een kortere periode of een grovere indeling.`);
  }
  // The first bucket may start before `from` (a week from its Monday): only [from, to) is counted.
  const ranges = starts.map((s, i): [number, number] => [Math.max(s, start), starts[i + 1] ?? end]);
  return { dates: starts.map(localDate), ranges };
}
