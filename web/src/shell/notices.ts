// A tiny bus for notices raised outside React (the API client), shown by <GlobalNotices>.

export interface Notice {
  id: number;
  severity: 'error' | 'warning' | 'info' | 'success';
  message: string;
  /** Milliseconds before it closes by itself; undefined keeps it until closed. */
  autoHideMs?: number;
}

type Listener = (notice: Notice) => void;

const listeners = new Set<Listener>();
let nextId = 1;

/** Shows a notice; returns its id. */
export function notify(notice: Omit<Notice, 'id'>): number {
  const full = { ...notice, id: nextId++ };
  for (const l of listeners) l(full);
  return full.id;
}

/** Subscribes to notices; returns the unsubscribe function. */
export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
