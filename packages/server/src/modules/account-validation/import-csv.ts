// Reads the CSV text of an import (format in docs/accounts.md): a header row naming sign-up fields, then one
// account per line, each checked with the sign-up form's field rules. Lines are numbered as in the text
// (the header is line 1) so that an administrator finds the line an error names.
import { parse } from 'csv-parse/sync';
import type { CsvError } from 'csv-parse';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_LINES,
  IMPORT_REQUIRED_COLUMNS,
  importLineSchema,
  type ImportColumn,
  type ImportLine,
  type ImportLineError,
} from '@testbed/contract';
import { AppError } from '../../errors.js';

export interface ParsedImportLine {
  line: number;
  data: ImportLine;
}

export interface ParsedImport {
  lines: ParsedImportLine[];
  errors: ImportLineError[];
}

const columnByLowerName = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((column) => [column.toLowerCase(), column]));

function headerError(message: string): AppError {
  return new AppError('validation', message, { fieldErrors: { text: [message] } });
}

/** The header row's cells as column names; a wrong header rejects the whole text, as no line can be read. */
function readHeader(cells: string[]): ImportColumn[] {
  const columns: ImportColumn[] = [];
  for (const cell of cells) {
    const name = cell.trim();
    const column = columnByLowerName.get(name.toLowerCase());
    if (!column) {
      throw headerError(`Line 1: unknown column "${name}". The columns are: ${IMPORT_COLUMNS.join(', ')}.`);
    }
    if (columns.includes(column)) throw headerError(`Line 1: the column "${column}" is named twice.`);
    columns.push(column);
  }
  const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw headerError(`Line 1: the header row must name the columns ${missing.join(', ')}.`);
  return columns;
}

function describeIssues(issues: { path: PropertyKey[]; message: string }[]): string {
  const parts: string[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'line');
    const part = `${field}: ${issue.message}`;
    if (!parts.includes(part)) parts.push(part);
  }
  return parts.join('; ');
}

export function parseImportText(text: string): ParsedImport {
  const errors: ImportLineError[] = [];
  let records: { info: { lines: number }; record: string[] }[];
  try {
    records = parse(text, {
      info: true,
      bom: true,
      relax_column_count: true,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        // A broken quote may upset the parser for the rest of its line: one error per line is enough.
        if (error && !errors.some((known) => known.line === Number(error.lines))) {
          errors.push({ line: Number(error.lines), message: `This line is not valid CSV: ${error.message}` });
        }
        return undefined;
      },
    }) as unknown as { info: { lines: number }; record: string[] }[];
  } catch (error) {
    throw headerError(`The text is not valid CSV: ${(error as Error).message}`);
  }

  const [header, ...rows] = records;
  if (!header || header.info.lines !== 1) throw headerError('Line 1 must be the header row naming the columns.');
  const columns = readHeader(header.record);

  const lines: ParsedImportLine[] = [];
  for (const { info, record } of rows) {
    // The parser numbers a record by its last line; a quoted value may span several.
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    if (record.every((cell) => cell.trim() === '')) continue;
    if (lines.length + errors.length >= IMPORT_MAX_LINES) {
      throw headerError(`At most ${IMPORT_MAX_LINES} accounts can be imported at once.`);
    }
    if (record.length !== columns.length) {
      errors.push({
        line,
        message: `This line has ${record.length} value(s) but the header row names ${columns.length} column(s).`,
      });
      continue;
    }
    const values: Record<string, string> = {};
    columns.forEach((column, index) => {
      const value = record[index]!;
      // An empty cell is an absent value, so optional fields may be left empty.
      if (value.trim() !== '') values[column] = column === 'password' ? value : value.trim();
    });
    const parsed = importLineSchema.safeParse(values);
    if (!parsed.success) {
      errors.push({ line, message: describeIssues(parsed.error.issues) });
      continue;
    }
    lines.push({ line, data: parsed.data });
  }
  return { lines, errors };
}
