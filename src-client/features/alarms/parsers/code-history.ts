/**
 * Undo and redo for the code editor (Mod-z, Mod-Shift-z, Mod-y): a stand-in, because
 * `@codemirror/commands`, whose `history()` does this properly, is not installed. Typing within
 * half a second is one step; a text put in from outside (a form reset) starts a fresh history.
 */
import { Annotation, type ChangeSet, StateField, Transaction } from '@codemirror/state';
import { type Command, keymap } from '@codemirror/view';

type Direction = 'undo' | 'redo';
interface History {
  done: ChangeSet[];
  undone: ChangeSet[];
  lastTyped: number;
}

const GROUP_MS = 500;
const DEPTH = 200;
const step = Annotation.define<Direction>();

const historyField = StateField.define<History>({
  create: () => ({ done: [], undone: [], lastTyped: 0 }),
  update(history, tr) {
    if (!tr.docChanged) return history;
    const inverse = tr.changes.invert(tr.startState.doc);
    const direction = tr.annotation(step);
    if (direction === 'undo') return { done: history.done.slice(0, -1), undone: [...history.undone, inverse], lastTyped: 0 };
    if (direction === 'redo') return { done: [...history.done, inverse], undone: history.undone.slice(0, -1), lastTyped: 0 };
    if (tr.annotation(Transaction.addToHistory) === false) return { done: [], undone: [], lastTyped: 0 };
    const time = tr.annotation(Transaction.time) ?? Date.now();
    const last = history.done.at(-1);
    const typing = tr.isUserEvent('input.type') || tr.isUserEvent('delete');
    if (typing && last && time - history.lastTyped < GROUP_MS) {
      // Undoing both is undoing this change, then the one before.
      return { done: [...history.done.slice(0, -1), inverse.compose(last)], undone: [], lastTyped: time };
    }
    return { done: [...history.done.slice(1 - DEPTH), inverse], undone: [], lastTyped: typing ? time : 0 };
  },
});

const move =
  (direction: Direction): Command =>
  (view) => {
    const history = view.state.field(historyField);
    const changes = (direction === 'undo' ? history.done : history.undone).at(-1);
    if (!changes) return false;
    view.dispatch({ changes, annotations: step.of(direction), scrollIntoView: true, userEvent: direction });
    return true;
  };

export const undo = move('undo');
export const redo = move('redo');

export const codeHistory = [
  historyField,
  keymap.of([
    { key: 'Mod-z', run: undo, preventDefault: true },
    { key: 'Mod-Shift-z', run: redo, preventDefault: true },
    { key: 'Mod-y', run: redo, preventDefault: true },
  ]),
];
