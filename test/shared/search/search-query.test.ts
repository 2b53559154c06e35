import { describe, expect, it } from 'vitest';
import {
  isEmptyQuery,
  parseSearchQuery,
  toggleStatusFilter,
} from '../../../src/shared/search/search-query';

describe('parseSearchQuery', () => {
  it('reads plain text as the needle, trimmed and in lower case', () => {
    expect(parseSearchQuery('  Office Berlin ')).toEqual({
      needle: 'office berlin',
      words: ['office', 'berlin'],
      filters: [],
    });
    expect(parseSearchQuery('')).toEqual({ needle: '', words: [], filters: [] });
  });

  it('takes each known is: word out of the text as a filter', () => {
    expect(parseSearchQuery('is:rotating de-1')).toEqual({
      needle: 'de-1',
      words: ['de-1'],
      filters: ['rotating'],
    });
    expect(parseSearchQuery('de-1 is:blocked')).toEqual({
      needle: 'de-1',
      words: ['de-1'],
      filters: ['blocked'],
    });
    expect(parseSearchQuery('office is:failing berlin')).toEqual({
      needle: 'office berlin',
      words: ['office', 'berlin'],
      filters: ['failing'],
    });
  });

  it('combines filters, once each, in a fixed order, in any case', () => {
    expect(parseSearchQuery('IS:Failing is:static is:failing is:EXPIRING')).toEqual({
      needle: '',
      words: [],
      filters: ['static', 'expiring', 'failing'],
    });
  });

  it('treats an unknown is: word, a bare is: and is: inside a word as text', () => {
    expect(parseSearchQuery('is:fast de')).toEqual({
      needle: 'is:fast de',
      words: ['is:fast', 'de'],
      filters: [],
    });
    expect(parseSearchQuery('is:')).toEqual({ needle: 'is:', words: ['is:'], filters: [] });
    expect(parseSearchQuery('this:rotating')).toEqual({
      needle: 'this:rotating',
      words: ['this:rotating'],
      filters: [],
    });
    expect(parseSearchQuery('is:rotatingx')).toEqual({
      needle: 'is:rotatingx',
      words: ['is:rotatingx'],
      filters: [],
    });
  });

  it('keeps the spaces inside the text as typed', () => {
    expect(parseSearchQuery('a  b is:static').needle).toBe('a  b');
  });
});

describe('the words of a query', () => {
  it('are the text’s runs of non-spaces, each once as typed, in lower case', () => {
    expect(parseSearchQuery('  Mobile   10 ').words).toEqual(['mobile', '10']);
    expect(parseSearchQuery('shop eu is:rotating').words).toEqual(['shop', 'eu']);
  });

  it('take a quoted phrase whole, spaces and all, even before its closing quote', () => {
    expect(parseSearchQuery('"Shop EU" 3').words).toEqual(['shop eu', '3']);
    expect(parseSearchQuery('ca "shop e').words).toEqual(['ca', 'shop e']);
    expect(parseSearchQuery('a"b c"').words).toEqual(['a', 'b c']);
  });

  it('leave out empty phrases and lone quotes', () => {
    expect(parseSearchQuery('"" x "  "').words).toEqual(['x']);
    expect(parseSearchQuery('"').words).toEqual([]);
  });
});

describe('isEmptyQuery', () => {
  it('is empty only without text and without filters', () => {
    expect(isEmptyQuery(parseSearchQuery('   '))).toBe(true);
    expect(isEmptyQuery(parseSearchQuery('is:blocked'))).toBe(false);
    expect(isEmptyQuery(parseSearchQuery('x'))).toBe(false);
    // Quotes alone hold no word: nothing to search for.
    expect(isEmptyQuery(parseSearchQuery('""'))).toBe(true);
  });
});

describe('toggleStatusFilter', () => {
  it('adds the word at the end, after the text', () => {
    expect(toggleStatusFilter('', 'blocked')).toBe('is:blocked');
    expect(toggleStatusFilter('de-1 ', 'rotating')).toBe('de-1 is:rotating');
    expect(toggleStatusFilter('de-1 is:static', 'failing')).toBe('de-1 is:static is:failing');
  });

  it('removes the word wherever and however often it was typed, and nothing else', () => {
    expect(toggleStatusFilter('is:rotating', 'rotating')).toBe('');
    expect(toggleStatusFilter('IS:Rotating de-1 is:rotating', 'rotating')).toBe('de-1');
    expect(toggleStatusFilter('a is:blocked b is:static', 'blocked')).toBe('a b is:static');
    expect(toggleStatusFilter('is:fast is:failing', 'failing')).toBe('is:fast');
  });

  it('toggled twice gives back the same query', () => {
    const once = toggleStatusFilter('berlin', 'expiring');
    expect(parseSearchQuery(once).filters).toEqual(['expiring']);
    expect(toggleStatusFilter(once, 'expiring')).toBe('berlin');
  });
});
