import { describe, expect, it } from 'vitest';
import { commandForKey, isTypingTarget, keptIndex, moveSelection, selectionAfterDecision } from './queue-keys';

describe('commandForKey', () => {
  it.each([
    ['j', 'next'],
    ['ArrowDown', 'next'],
    ['k', 'previous'],
    ['ArrowUp', 'previous'],
    ['Enter', 'open'],
    ['a', 'accept'],
    ['1', 'keep1'],
    ['2', 'keep2'],
    ['9', 'keep9'],
    ['d', 'dismiss'],
    ['x', 'toggle'],
  ])('%s → %s', (key, command) => {
    expect(commandForKey(key)).toBe(command);
  });

  it('ignores other keys, including capitals (Shift+A is not a shortcut)', () => {
    expect(commandForKey('A')).toBeNull();
    expect(commandForKey('Tab')).toBeNull();
    expect(commandForKey('0')).toBeNull();
    expect(commandForKey('10')).toBeNull();
  });
});

describe('keptIndex', () => {
  it('reads the value a keep command keeps, 0-based, and nothing from other commands', () => {
    expect(keptIndex('keep1')).toBe(0);
    expect(keptIndex('keep9')).toBe(8);
    expect(keptIndex('accept')).toBeNull();
  });
});

describe('moveSelection', () => {
  const ids = ['c1', 'c2', 'c3'];
  it('starts at the first row from no selection, whichever direction', () => {
    expect(moveSelection(ids, null, 1)).toBe('c1');
    expect(moveSelection(ids, null, -1)).toBe('c1');
  });
  it('moves and stops at the ends', () => {
    expect(moveSelection(ids, 'c1', 1)).toBe('c2');
    expect(moveSelection(ids, 'c3', 1)).toBe('c3');
    expect(moveSelection(ids, 'c1', -1)).toBe('c1');
  });
  it('restarts when the selected row left the list, and is null for an empty list', () => {
    expect(moveSelection(ids, 'gone', 1)).toBe('c1');
    expect(moveSelection([], 'c1', 1)).toBeNull();
  });
});

describe('selectionAfterDecision', () => {
  const ids = ['c1', 'c2', 'c3', 'c4'];
  it('goes to the next row', () => {
    expect(selectionAfterDecision(ids, 'c2')).toBe('c3');
  });
  it('skips rows still being saved', () => {
    expect(selectionAfterDecision(ids, 'c2', new Set(['c3']))).toBe('c4');
  });
  it('goes up from the last row, and to none when nothing waits', () => {
    expect(selectionAfterDecision(ids, 'c4')).toBe('c3');
    expect(selectionAfterDecision(['c1'], 'c1')).toBeNull();
    expect(selectionAfterDecision(ids, 'c1', new Set(['c2', 'c3', 'c4']))).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields, selects, text areas and editable content', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });
  it('is false for checkboxes, buttons, rows and the page', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'TR' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
