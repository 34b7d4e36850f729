import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

type ElementWithChildren = ReactElement<{ children?: ReactNode; 'data-label'?: string }>;

function elementsOfType(children: ReactNode, type: string): ElementWithChildren[] {
  return Children.toArray(children).filter((child): child is ElementWithChildren => isValidElement(child) && child.type === type);
}

/**
 * Gives every body cell of a `<thead>`/`<tbody>` table its column's name as `data-label`, so the
 * phone layout of `.table-cards` can show it above the value. Works on the table as written in a
 * page (rows and cells as plain elements); a cell that already has a label, or a column headed by
 * something other than text, is left as it is.
 */
export function labelTableCells(children: ReactNode): ReactNode {
  // The table's parts, a fragment around them unwrapped.
  const parts = Children.toArray(children).flatMap((part) =>
    isValidElement(part) && part.type === Fragment ? Children.toArray((part as ElementWithChildren).props.children) : [part],
  );
  const head = parts.find((part): part is ElementWithChildren => isValidElement(part) && part.type === 'thead');
  const headRow = head ? elementsOfType(head.props.children, 'tr')[0] : undefined;
  if (!headRow) return children;
  const labels = elementsOfType(headRow.props.children, 'th').map((cell) => (typeof cell.props.children === 'string' ? cell.props.children : undefined));
  return parts.map((part) => {
    if (!isValidElement(part) || part.type !== 'tbody') return part;
    const body = part as ElementWithChildren;
    const rows = Children.map(body.props.children, (row) => {
      if (!isValidElement(row) || row.type !== 'tr') return row;
      const tableRow = row as ElementWithChildren;
      let column = 0;
      const cells = Children.map(tableRow.props.children, (cell) => {
        if (!isValidElement(cell) || (cell.type !== 'td' && cell.type !== 'th')) return cell;
        const label = labels[column++];
        const tableCell = cell as ElementWithChildren;
        return label && tableCell.props['data-label'] === undefined ? cloneElement(tableCell, { 'data-label': label }) : cell;
      });
      return cloneElement(tableRow, {}, cells);
    });
    return cloneElement(body, {}, rows);
  });
}
