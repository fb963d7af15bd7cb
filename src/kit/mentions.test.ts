import { describe, expect, it } from 'vitest';
import { initialsOf, insertMention, mentionQuery, mentionsIn, splitMentions } from './mentions';

describe('comment mentions', () => {
  it('finds the @word being typed before the caret, and nothing inside an address or after a space', () => {
    expect(mentionQuery('hi @Ri', 6)).toEqual({ start: 3, search: 'Ri' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, search: '' });
    expect(mentionQuery('mail rita@example.com', 21)).toBeNull();
    expect(mentionQuery('hi @Rita and', 12)).toBeNull();
    expect(mentionQuery('hi @José', 8)).toEqual({ start: 3, search: 'José' });
  });

  it('replaces the typed @word by the picked name and puts the caret after it', () => {
    expect(insertMention('hi @Ri please', 3, 6, 'Rita Ops')).toEqual({
      text: 'hi @Rita Ops  please',
      caret: 13,
    });
  });

  it('sends only the mentions still in the text, each once', () => {
    const picked = [
      { EmployeeID: 1, Name: 'Rita Ops' },
      { EmployeeID: 2, Name: 'Remy Ops' },
      { EmployeeID: 1, Name: 'Rita Ops' },
    ];
    expect(mentionsIn('@Rita Ops look', picked)).toEqual([1]);
    expect(mentionsIn('@Rita Ops and @Remy Ops', picked)).toEqual([1, 2]);
    expect(mentionsIn('nobody', picked)).toEqual([]);
  });

  it('splits a comment around its mentions, the longer name first', () => {
    const mentions = [
      { EmployeeID: 1, Name: 'Ann' },
      { EmployeeID: 2, Name: 'Ann Lee' },
    ];
    expect(splitMentions('to @Ann Lee and @Ann.', mentions)).toEqual([
      { text: 'to ' },
      { text: '@Ann Lee', mention: mentions[1] },
      { text: ' and ' },
      { text: '@Ann', mention: mentions[0] },
      { text: '.' },
    ]);
  });

  it('makes initials of a name', () => {
    expect(initialsOf('Rita Ops')).toBe('RO');
    expect(initialsOf('Mary Ann Smith')).toBe('MS');
    expect(initialsOf('Cher')).toBe('C');
  });
});
