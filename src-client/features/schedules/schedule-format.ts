/** Times on the schedule pages: Amsterdam wall time whatever the browser's zone. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { nl } from 'date-fns/locale';
import { TIME_ZONE } from '@/lib/amsterdam';

const local = (iso: string | number | Date) => new TZDate(new Date(iso).getTime(), TIME_ZONE);

/** '03-11 08:00' */
export const dayTime = (iso: string) => format(local(iso), 'dd-MM HH:mm', { locale: nl });
/** '08:00' */
export const clock = (iso: string) => format(local(iso), 'HH:mm', { locale: nl });
/** 'ma 2 nov.' */
export const shortDay = (d: Date) => format(local(d), 'EEEEEE d MMM', { locale: nl });
/** '2026-11-02T08:00' from a local 'YYYY-MM-DDTHH:mm' as shown: '02-11-2026 08:00'. */
export const localText = (local: string) => `${local.slice(8, 10)}-${local.slice(5, 7)}-${local.slice(0, 4)} ${local.slice(11, 16)}`;

/** A steady colour per person, so one installer looks the same all over the calendar. */
const COLORS = [
  'bg-sky-100 text-sky-900 border-sky-300',
  'bg-amber-100 text-amber-900 border-amber-300',
  'bg-emerald-100 text-emerald-900 border-emerald-300',
  'bg-violet-100 text-violet-900 border-violet-300',
  'bg-rose-100 text-rose-900 border-rose-300',
  'bg-teal-100 text-teal-900 border-teal-300',
];
export const personColor = (userId: number) => COLORS[userId % COLORS.length]!;
