import {
  Archive,
  Bell,
  CircleCheck,
  Clock,
  Droplet,
  Flag,
  Flame,
  Folder,
  Inbox,
  type LucideIcon,
  Star,
  Thermometer,
  Trash2,
  TriangleAlert,
  Wrench,
  Zap,
} from 'lucide-react';
import type { FolderIcon as FolderIconName } from '@/domain/alarm-folder';
import { cn } from '~/lib/cn';

/** The lucide icon of each folder icon name. */
const folderIcons: Record<FolderIconName, LucideIcon> = {
  inbox: Inbox,
  'check-circle': CircleCheck,
  'trash-2': Trash2,
  bell: Bell,
  'alert-triangle': TriangleAlert,
  flame: Flame,
  zap: Zap,
  thermometer: Thermometer,
  droplet: Droplet,
  wrench: Wrench,
  clock: Clock,
  star: Star,
  flag: Flag,
  archive: Archive,
  folder: Folder,
};

/** Dutch names of the icons, for the icon picker. */
export const folderIconLabels: Record<FolderIconName, string> = {
  inbox: 'Inbox',
  'check-circle': 'Vinkje',
  'trash-2': 'Prullenbak',
  bell: 'Bel',
  'alert-triangle': 'Waarschuwing',
  flame: 'Vlam',
  zap: 'Bliksem',
  thermometer: 'Thermometer',
  droplet: 'Druppel',
  wrench: 'Moersleutel',
  clock: 'Klok',
  star: 'Ster',
  flag: 'Vlag',
  archive: 'Archief',
  folder: 'Map',
};

export function FolderIcon({ name, className }: { name: FolderIconName; className?: string }) {
  const Icon = folderIcons[name] ?? Folder;
  return <Icon aria-hidden className={cn('size-4 shrink-0', className)} />;
}
