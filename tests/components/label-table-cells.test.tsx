// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { labelTableCells } from '@/components/ui/label-table-cells';

describe('labelTableCells', () => {
  it("names every body cell after its column, mapped rows included, and leaves a label already there and an untexted column alone", () => {
    const rows = [
      { id: 'a', agency: 'Desert Rose', amount: 'AED 1,000.00' },
      { id: 'b', agency: 'Gulf Horizons', amount: 'AED 20.00' },
    ];
    const { container } = render(
      <table>
        {labelTableCells(
          <>
            <thead>
              <tr>
                <th>Agency</th>
                <th>Amount</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.agency}</td>
                  <td data-label="Paid">{row.amount}</td>
                  <td>
                    <button type="button">Credit</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </>,
        )}
      </table>,
    );
    const labels = [...container.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label')));
    expect(labels).toEqual([
      ['Agency', 'Paid', null],
      ['Agency', 'Paid', null],
    ]);
  });
});
