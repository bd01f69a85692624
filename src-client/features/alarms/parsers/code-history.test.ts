import { EditorState, Transaction, type TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { describe, expect, test } from 'vitest';
import { codeHistory, redo, undo } from './code-history';

/** Enough of a view for the commands: a state and a dispatch that applies transactions. */
function editor(doc: string) {
  const view = {
    state: EditorState.create({ doc, extensions: codeHistory }),
    dispatch(spec: TransactionSpec) {
      view.state = view.state.update(spec).state;
    },
  };
  const type = (insert: string, time: number) =>
    view.dispatch({ changes: { from: view.state.doc.length, insert }, userEvent: 'input.type', annotations: Transaction.time.of(time) });
  const run = (command: typeof undo) => command(view as unknown as EditorView);
  return { view, type, run, text: () => view.state.doc.toString() };
}

describe("the code editor's undo", () => {
  test('typing close together is one step; a pause starts the next; redo brings it back', () => {
    const e = editor('let a');
    e.type(' =', 1000);
    e.type(' 1', 1200);
    e.type(';', 3000);
    expect(e.run(undo)).toBe(true);
    expect(e.text()).toBe('let a = 1');
    e.run(undo);
    expect(e.text()).toBe('let a');
    expect(e.run(undo)).toBe(false);
    e.run(redo);
    e.run(redo);
    expect(e.text()).toBe('let a = 1;');
    expect(e.run(redo)).toBe(false);
  });

  test('a change after an undo drops the redo; text put in from outside starts afresh', () => {
    const e = editor('x');
    e.type('y', 1000);
    e.run(undo);
    e.type('z', 5000);
    expect(e.run(redo)).toBe(false);
    e.view.dispatch({ changes: { from: 0, to: 2, insert: 'reset' }, annotations: Transaction.addToHistory.of(false) });
    expect(e.run(undo)).toBe(false);
    expect(e.text()).toBe('reset');
  });
});
