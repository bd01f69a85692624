import { formatDateTime } from '@/lib/dates';

/** An instant from the server as 'dd-MM-yyyy HH:mm' in Dutch time, or a dash when there is none. */
export const dateTimeOrDash = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '–');
