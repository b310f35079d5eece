/**
 * RFC 4180 CSV with a guard against formula injection: a cell a spreadsheet would evaluate
 * (starting with = + - @, or a tab / carriage return) gets a leading single quote, so an
 * attacker-chosen username cannot run as a formula on an admin's machine. A plain number is left
 * as it is (a refund stays -5.90): a spreadsheet reads it as a number, never as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
