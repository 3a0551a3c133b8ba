import {
  initialPagingState,
  isAutoAdvancing,
  itemsPerPage,
  nextIndex,
  pageCount,
  pageItems,
  pagingReducer,
  previousIndex,
} from './carousel-paging';

describe('carousel paging', () => {
  it('shows three events per page from 640 px and one below', () => {
    expect(itemsPerPage(1280)).toBe(3);
    expect(itemsPerPage(640)).toBe(3);
    expect(itemsPerPage(639)).toBe(1);
    expect(itemsPerPage(360)).toBe(1);
  });

  it('counts pages as events divided by page size, rounded up', () => {
    expect(pageCount(0, 3)).toBe(0);
    expect(pageCount(1, 3)).toBe(1);
    expect(pageCount(3, 3)).toBe(1);
    expect(pageCount(4, 3)).toBe(2);
    expect(pageCount(7, 3)).toBe(3);
    expect(pageCount(7, 1)).toBe(7);
  });

  it('wraps forwards and backwards', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
    expect(previousIndex(2, 3)).toBe(1);
    expect(nextIndex(0, 0)).toBe(0);
  });

  it('slices the items of a page, the last page possibly shorter', () => {
    const items = [1, 2, 3, 4, 5, 6, 7];
    expect(pageItems(items, 0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(items, 2, 3)).toEqual([7]);
    expect(pageItems(items, 4, 1)).toEqual([5]);
  });

  describe('reducer of the event carousels', () => {
    const reduce = pagingReducer({ pauseOnNavigate: true });

    it('advances one page per tick and wraps to the first after the last', () => {
      let s = initialPagingState(3);
      s = reduce(s, { type: 'tick' });
      expect(s.index).toBe(1);
      s = reduce(s, { type: 'tick' });
      s = reduce(s, { type: 'tick' });
      expect(s.index).toBe(0);
    });

    it('does not advance while the pointer is over it or focus is inside', () => {
      let s = reduce(initialPagingState(3), { type: 'hover', on: true });
      expect(isAutoAdvancing(s, false)).toBe(false);
      expect(reduce(s, { type: 'tick' }).index).toBe(0);
      s = reduce(s, { type: 'hover', on: false });
      expect(isAutoAdvancing(s, false)).toBe(true);
      s = reduce(s, { type: 'focus', on: true });
      expect(reduce(s, { type: 'tick' }).index).toBe(0);
      s = reduce(s, { type: 'focus', on: false });
      expect(reduce(s, { type: 'tick' }).index).toBe(1);
    });

    it('arrows and dots move the index and pause; previous from the first wraps to the last', () => {
      let s = reduce(initialPagingState(4), { type: 'previous' });
      expect(s.index).toBe(3);
      expect(s.userPaused).toBe(true);
      expect(reduce(s, { type: 'tick' }).index).toBe(3);

      s = reduce(initialPagingState(4), { type: 'next' });
      expect(s).toMatchObject({ index: 1, userPaused: true });

      s = reduce(initialPagingState(4), { type: 'goTo', index: 2 });
      expect(s).toMatchObject({ index: 2, userPaused: true });
      expect(reduce(s, { type: 'goTo', index: 99 }).index).toBe(3);
    });

    it('the pause control toggles automatic advance', () => {
      let s = reduce(initialPagingState(3), { type: 'togglePause' });
      expect(isAutoAdvancing(s, false)).toBe(false);
      s = reduce(s, { type: 'togglePause' });
      expect(isAutoAdvancing(s, false)).toBe(true);
    });

    it('pressing play resumes even with the pointer and focus on the control', () => {
      let s = reduce(initialPagingState(3), { type: 'hover', on: true });
      s = reduce(s, { type: 'focus', on: true });
      s = reduce(s, { type: 'togglePause' });
      expect(isAutoAdvancing(s, false)).toBe(false);
      s = reduce(s, { type: 'togglePause' });
      expect(isAutoAdvancing(s, false)).toBe(true);
      expect(reduce(s, { type: 'tick' }).index).toBe(1);
    });

    it('never auto-advances with reduced motion or a single page', () => {
      expect(isAutoAdvancing(initialPagingState(3), true)).toBe(false);
      expect(isAutoAdvancing(initialPagingState(1), false)).toBe(false);
      expect(reduce(initialPagingState(1), { type: 'tick' }).index).toBe(0);
    });

    it('keeps the index inside the page count when it shrinks (e.g. rotating a phone)', () => {
      let s = { ...initialPagingState(7), index: 6 };
      s = reduce(s, { type: 'setCount', count: 3 });
      expect(s.index).toBe(2);
      expect(reduce(s, { type: 'setCount', count: 0 }).index).toBe(0);
    });
  });

  it('the hero variant moves without pausing when a dot is used', () => {
    const reduce = pagingReducer({ pauseOnNavigate: false });
    const s = reduce(initialPagingState(3), { type: 'goTo', index: 2 });
    expect(s).toMatchObject({ index: 2, userPaused: false });
  });
});
