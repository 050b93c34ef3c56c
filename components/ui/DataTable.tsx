import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { ariaSort, SortControl, type TableSort } from './SortControl';
import { cardStyles } from './styles';

export type { SortDirection, TableSort } from './SortControl';

// Every table of the dashboard: column definitions in, the same markup out (header, caption,
// empty state, sticky header, actions column, selected row, roving focus). No hooks and no
// 'use client', so server pages and client panels both render it; cells are plain functions.

type DataAttributes = { [attribute: `data-${string}`]: string | number | undefined };

/** What a row carries besides its cells: data-testid and data-* for selectors, a class. */
export type RowAttributes = Omit<HTMLAttributes<HTMLTableRowElement>, 'children'> & DataAttributes;

export interface Column<Row> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  /** The header is read by screen readers only (a checkbox or a link column). */
  srOnlyHeader?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  /** The header sorts the table by this key, the way the table's `sort` says. */
  sortKey?: string;
  /** With a client-side sort (`sort.onSort`), what the rows are ordered by in this column. */
  sortValue?: (row: Row) => string | number;
  align?: 'left' | 'right';
  /** Classes of the column's body cells: widths (max-w-64 min-w-40), font, wrapping. */
  className?: string;
  headerClassName?: string;
  /** The column's width when the layout is fixed: a class on its <col> (w-32, w-[30%]). */
  width?: string;
  /** The cell names its row for screen readers (<th scope="row">). */
  rowHeader?: boolean;
  cellTestId?: string;
}

/** Roving tabindex over the rows: one row is the table's Tab stop, the page's keys move it. */
export interface RowFocus {
  tabStopKey: string | null | undefined;
  rowRef: (key: string) => Ref<HTMLTableRowElement>;
  onFocusRow: (key: string) => void;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers (and, with `captionVisible`, for everyone). */
  caption: string;
  captionVisible?: boolean;
  testId?: string;
  /** Shown instead of the table when there are no rows (an EmptyState, usually). */
  empty?: ReactNode;
  /** card: its own card; inset: inside a card already; plain: a small table within text. */
  variant?: 'card' | 'inset' | 'plain';
  density?: 'comfortable' | 'compact';
  /** The header stays in view: the table scrolls in a box of at most `maxHeight`. */
  stickyHeader?: boolean;
  maxHeight?: string;
  /** For screen readers only (the numbers behind a chart): no box around it that could scroll. */
  visuallyHidden?: boolean;
  /** table-fixed with the columns' `width`s; pass a min-w-[…] in tableClassName. */
  fixedLayout?: boolean;
  sort?: TableSort;
  rowProps?: (row: Row, index: number) => RowAttributes;
  /** The row is the current one: aria-current, a tint and a bar on its left. */
  isSelected?: (row: Row) => boolean;
  rowFocus?: RowFocus;
  /** A last, right-aligned column of buttons, its header for screen readers only. */
  rowActions?: (row: Row) => ReactNode;
  rowActionsLabel?: string;
  rowActionsClassName?: string;
  className?: string;
  tableClassName?: string;
  /**
   * Under 640 px each row is a card: its cells stack, each with its column's header beside it, and
   * the table neither scrolls sideways nor in a box of its own (the page scrolls).
   */
  stackOnPhone?: boolean;
}

const join = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

/** Rows in the order of a client-side sort; the same rows when the sort is the server's. */
function sortedRows<Row>(rows: readonly Row[], columns: Column<Row>[], sort: TableSort | undefined): readonly Row[] {
  const value = sort?.onSort ? columns.find((column) => column.sortKey === sort.key)?.sortValue : undefined;
  if (!sort || !value) return rows;
  const sign = sort.dir === 'asc' ? 1 : -1;
  // Plain < on strings, not localeCompare: the order of code points, like the database's names.
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return x < y ? -sign : x > y ? sign : 0;
  });
}

const headerText = 'text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
const focusRing = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600';

export function DataTable<Row>({
  columns: dataColumns,
  rows,
  rowKey,
  caption,
  captionVisible = false,
  testId,
  empty,
  variant = 'card',
  density = 'comfortable',
  stickyHeader = false,
  maxHeight = 'max-h-[85vh]',
  visuallyHidden = false,
  fixedLayout = false,
  sort,
  rowProps,
  isSelected,
  rowFocus,
  rowActions,
  rowActionsLabel = 'Actions',
  rowActionsClassName,
  className,
  tableClassName,
  stackOnPhone = false,
}: DataTableProps<Row>) {
  if (!rows.length && empty !== undefined) return <>{empty}</>;

  const columns: Column<Row>[] = rowActions
    ? [...dataColumns, { key: '__actions', header: rowActionsLabel, srOnlyHeader: true, align: 'right', className: rowActionsClassName, cell: rowActions }]
    : dataColumns;
  const plain = variant === 'plain';
  const padX = plain ? '' : density === 'compact' ? 'px-3' : 'px-4';
  const pad = plain ? 'py-1.5 pr-4' : `${padX} ${density === 'compact' ? 'py-2' : 'py-3'}`;
  const alignClass = (column: Column<Row>) => (column.align === 'right' ? 'text-right' : undefined);
  // A stuck header loses the table's divider line, so its cells draw their own.
  const headCell = stickyHeader ? 'bg-slate-50 shadow-[inset_0_-1px_0_var(--color-slate-200)]' : undefined;
  // The phone card: the table's parts become blocks, each cell a row of a two-column grid whose
  // first column is the header's text (data-label, shown by ::before).
  const stack = stackOnPhone
    ? {
        table: 'max-sm:block max-sm:min-w-0',
        head: 'max-sm:sr-only',
        body: 'max-sm:block',
        row: 'max-sm:block max-sm:py-2',
        cell: 'max-sm:grid max-sm:grid-cols-[5.5rem_minmax(0,1fr)] max-sm:items-start max-sm:justify-items-start max-sm:gap-x-3 max-sm:max-w-none max-sm:min-w-0 max-sm:w-auto max-sm:py-1 max-sm:text-left max-sm:before:content-[attr(data-label)] max-sm:before:pt-0.5 max-sm:before:text-[11px] max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-slate-600 max-sm:before:uppercase',
        frame: 'max-sm:max-h-none max-sm:overflow-visible',
      }
    : null;
  const phoneLabel = (column: Column<Row>) => (stack && typeof column.header === 'string' ? column.header : undefined);

  const table = (
    <table className={join(visuallyHidden ? undefined : fixedLayout ? 'w-full table-fixed' : 'min-w-full', 'divide-y divide-slate-200 text-sm', tableClassName, stack?.table)} data-testid={testId}>
      <caption className={captionVisible ? join(padX, 'pt-3 pb-1 text-left text-sm font-medium text-slate-900') : 'sr-only'}>{caption}</caption>
      {fixedLayout ? (
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} className={column.width} />
          ))}
        </colgroup>
      ) : null}
      <thead className={join(headerText, !plain && 'bg-slate-50', stickyHeader && 'sticky top-0 z-10', stack?.head)}>
        <tr>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              aria-sort={sort && column.sortKey ? ariaSort(sort, column.sortKey) : undefined}
              className={join(pad, alignClass(column), headCell, column.headerClassName)}
            >
              {column.srOnlyHeader ? (
                <span className="sr-only">{column.header}</span>
              ) : sort && column.sortKey ? (
                <SortControl sort={sort} sortKey={column.sortKey} label={column.header} />
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={join('divide-y divide-slate-100 align-top', stack?.body)}>
        {sortedRows(rows, columns, sort).map((row, index) => {
          const key = rowKey(row);
          const selected = isSelected?.(row) ?? false;
          const { className: rowClassName, ...attributes } = rowProps?.(row, index) ?? {};
          const focus = rowFocus
            ? {
                ref: rowFocus.rowRef(key),
                tabIndex: key === rowFocus.tabStopKey ? 0 : -1,
                onFocus: () => rowFocus.onFocusRow(key),
                onClick: () => rowFocus.onFocusRow(key),
              }
            : {};
          return (
            <tr
              key={key}
              {...attributes}
              {...focus}
              aria-current={selected ? 'true' : undefined}
              className={join(rowFocus && `transition-colors ${focusRing}`, selected ? 'bg-indigo-50/70' : !plain && 'hover:bg-slate-50/60', rowClassName, stack?.row)}
            >
              {columns.map((column, columnIndex) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={column.key}
                    scope={column.rowHeader ? 'row' : undefined}
                    data-testid={column.cellTestId}
                    data-label={phoneLabel(column)}
                    className={join(
                      pad,
                      alignClass(column),
                      column.rowHeader && 'text-left font-normal',
                      selected && columnIndex === 0 && 'shadow-[inset_4px_0_0_0_var(--color-indigo-600)]',
                      column.className,
                      stack?.cell,
                    )}
                  >
                    {column.cell(row, index)}
                  </Cell>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );

  // A table is never narrower than its content, so `sr-only` on the table itself left its full width
  // in the page's overflow (the overview scrolled sideways); a 1 px box that clips it takes none.
  if (visuallyHidden) return <div className="sr-only">{table}</div>;
  const frame = variant === 'card' ? cardStyles : undefined;
  if (stickyHeader) {
    // A box that scrolls must be reachable by keyboard, so it is a named region with a tab stop.
    return (
      <div role="region" aria-label={caption} tabIndex={0} className={join(frame, 'relative overflow-auto', maxHeight, focusRing, className, stack?.frame)}>
        {table}
      </div>
    );
  }
  return <div className={join(frame, 'relative overflow-x-auto', className, stack?.frame)}>{table}</div>;
}
