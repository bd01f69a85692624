import { Check, CheckCheck, Repeat } from 'lucide-react';
import type { AlarmListItem } from '@/domain/alarm';
import { Badge } from '~/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '~/components/ui/tooltip';
import { formatShortInstant } from '~/lib/alarms/format';

/** A row's lifecycle marks: acknowledged, resolved (when, in the folders that keep resolved alarms) and flapping. */
export function AlarmMarks({ alarm }: { alarm: AlarmListItem }) {
  return (
    <>
      {alarm.acknowledgedAt ? (
        <Badge tone="success" className="gap-1" data-mark="acknowledged">
          <Check aria-hidden className="size-3" />
          Bevestigd
        </Badge>
      ) : null}
      {alarm.resolvedAt ? (
        <Badge tone="neutral" className="gap-1" data-mark="resolved">
          <CheckCheck aria-hidden className="size-3" />
          Opgelost {formatShortInstant(alarm.resolvedAt)}
        </Badge>
      ) : null}
      {alarm.previousAlarmId !== null ? (
        <Tooltip>
          <TooltipTrigger asChild>
            <Badge tone="warning" className="gap-1" data-mark="flapping">
              <Repeat aria-hidden className="size-3" />
              Terugkerend
              <span className="sr-only">: alarm {alarm.previousAlarmId} met dezelfde sleutel was minder dan 24 uur eerder opgelost</span>
            </Badge>
          </TooltipTrigger>
          <TooltipContent>Alarm #{alarm.previousAlarmId} met dezelfde sleutel was minder dan 24 uur eerder opgelost.</TooltipContent>
        </Tooltip>
      ) : null}
    </>
  );
}
