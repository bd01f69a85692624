/**
 * The folder page's keyboard shortcuts, Gmail-style single keys: j/k
 * move the cursor, Enter opens, a acknowledges, e resolves, # deletes, x selects, ? shows them.
 * Keys typed into a field, with a modifier, or while a menu or confirmation is open are left alone.
 */
import { useEffect, useEffectEvent } from 'react';

export interface ShortcutActions {
  rowIds: number[];
  cursorId: number | undefined;
  setCursor: (id: number) => void;
  /** The alarm open in the panel, which the action keys act on while it is open. */
  openId: number | undefined;
  open: (id: number) => void;
  acknowledge: (id: number) => void;
  resolve: (id: number) => void;
  remove: (id: number) => void;
  toggleSelected: (id: number) => void;
  help: () => void;
  /** While the help dialog is open the keys are its own. */
  paused: boolean;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
/** A confirmation or a menu has the keyboard; the alarm panel (a plain dialog) does not count. */
const othersOpen = () => document.querySelector('[role="alertdialog"], [role="menu"]') !== null;

export function useFolderShortcuts(actions: ShortcutActions) {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || actions.paused || othersOpen()) return;
    const a = actions;
    const index = a.cursorId === undefined ? -1 : a.rowIds.indexOf(a.cursorId);
    const move = (step: number) => {
      const next = a.rowIds[index === -1 ? 0 : Math.min(Math.max(index + step, 0), a.rowIds.length - 1)];
      if (next === undefined) return;
      a.setCursor(next);
      if (a.openId !== undefined) a.open(next);
    };
    const target = a.openId ?? (index === -1 ? undefined : a.cursorId);
    const handlers: Record<string, (() => void) | undefined> = {
      j: () => move(1),
      k: () => move(-1),
      '?': a.help,
      // Enter on a focused button or link already does what that control does.
      Enter: e.target instanceof HTMLElement && e.target.closest('button, a') ? undefined : target === undefined ? undefined : () => a.open(target),
      a: target === undefined ? undefined : () => a.acknowledge(target),
      e: target === undefined ? undefined : () => a.resolve(target),
      '#': target === undefined ? undefined : () => a.remove(target),
      x: a.cursorId === undefined ? undefined : () => a.toggleSelected(a.cursorId!),
    };
    const handler = handlers[e.key];
    if (!handler) return;
    e.preventDefault();
    handler();
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
