// Row colours by line status (spec 4: uncheck/unsave initial, success, warning, error).

export type LineStatus = 'uncheck' | 'unsave' | 'success' | 'warning' | 'error';

const rowColours: Record<LineStatus, string> = {
  success: '#e8f5e9',
  warning: '#fff8e1',
  error: '#ffebee',
  uncheck: '#f5f5f5',
  unsave: '#f5f5f5',
};

/** The background colour of a row with this status; undefined for a row without one. */
export function rowBackground(status: unknown): string | undefined {
  return typeof status === 'string' && status in rowColours ? rowColours[status as LineStatus] : undefined;
}

/** Whether a row is marked deleted (flag "D"). */
export function isDeletedRow(row: unknown): boolean {
  return !!row && typeof row === 'object' && (row as Record<string, unknown>).flag === 'D';
}

export function isLineStatus(value: unknown): value is LineStatus {
  return typeof value === 'string' && value in rowColours;
}
