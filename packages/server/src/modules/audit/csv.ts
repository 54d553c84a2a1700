// CSV exports (audit log, statistics): RFC 4180 through csv-stringify. A cell that a spreadsheet would run as a
// formula (=, +, -, @, tab, CR at its start) is prefixed with an apostrophe, since its text may come from a user.
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined;

function neutralise(cell: CsvCell): CsvCell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function csvRows(rows: readonly CsvCell[][]): string {
  return stringify(rows.map((row) => row.map(neutralise)), { record_delimiter: 'windows' });
}
