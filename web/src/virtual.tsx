import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualItem,
} from '@tanstack/virtual-core';
import type { ComponentChildren, RefObject } from 'preact';
import { useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';

/**
 * Long tables render only the rows in view (issue 15: a page of a 1M-event store can hold
 * hundreds of rows): @tanstack/virtual-core over a scroll box, with spacer rows above and
 * below the rendered ones so the table keeps its columns and the scrollbar its length.
 * Server paging stays; this bounds the DOM within a page.
 */
export interface VirtualRows {
  scrollRef: RefObject<HTMLDivElement | null>;
  items: VirtualItem[];
  /** Spacer heights (px) before and after the rendered rows. */
  before: number;
  after: number;
  /** Measures a rendered row (give it data-index). */
  measure: (el: Element | null) => void;
  scrollToIndex: (index: number) => void;
}

/** `gap`: px between rows that the rows' own margins make (not part of a row's measure). */
export function useVirtualRows(count: number, rowHeight: number, gap = 0): VirtualRows {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // What sits above the rows in the box (a table's header): rows start that far down, and
  // a row scrolled to must land below it (the header is sticky).
  const [above, setAbove] = useState(0);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const list = box?.querySelector('tbody, ol');
    if (!box || !list) return;
    const offset = Math.round(
      list.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop,
    );
    if (offset !== above) setAbove(offset);
  });
  const options = {
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    gap,
    scrollMargin: above,
    scrollPaddingStart: above,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    // Before the box is measured (first paint, a headless test): assume a screenful.
    initialRect: { width: 0, height: 600 },
    onChange: () => rerender(0),
  };
  const [virtualizer] = useState(() => new Virtualizer<HTMLDivElement, Element>(options));
  virtualizer.setOptions({ ...virtualizer.options, ...options });
  useLayoutEffect(() => virtualizer._didMount(), []);
  useLayoutEffect(() => virtualizer._willUpdate());
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const before = items.length ? items[0]!.start - above : 0;
  const after = items.length ? total + above - items[items.length - 1]!.end : 0;
  return {
    scrollRef,
    items,
    before,
    after,
    measure: (el) => {
      if (el) virtualizer.measureElement(el);
    },
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  };
}

/** A spacer row standing in for rows not rendered (aria-hidden: it is not a row of data). */
export function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" class="spacer">
      <td colSpan={columns} style={{ height: `${height}px`, padding: 0, border: 0 }} />
    </tr>
  );
}

/** The scroll box a virtualised table lives in (its header row stays in view). */
export function ScrollBox(props: {
  rows: VirtualRows;
  label: string;
  children: ComponentChildren;
}) {
  return (
    <div
      class="scroll-box"
      ref={props.rows.scrollRef}
      tabIndex={0}
      role="region"
      aria-label={props.label}
    >
      {props.children}
    </div>
  );
}
