import { taskResults, type LifecycleAction } from '../api/process';

/** The toolbar's order of the lifecycle buttons. */
export const lifecycleOrder: readonly LifecycleAction[] = ['save', 'tempSave', 'submit', 'approve', 'reject', 'addSign', 'supplement', 'recall', 'void', 'print'];

/** The modes in which the holder of the open task changes a document in approval (docs/api.md "Saving by state"). */
const taskEditModes = new Set(['partedit', 'fssc', 'fsscPartedit', 'oaapplicant']);

export interface ToolbarInput {
  /** No businessId yet: nothing is stored, the server has no state to ask about. */
  isNew: boolean;
  /** The form's action mode (?action=). */
  mode: string;
  /** The export's buttons for this mode and sub-type: `save` there means the mode lets the document be changed. */
  buttons: readonly string[];
  /** The server's process of the document (a save's or a load's form.process, or a ProcessView); null or undefined while unknown. */
  process?: { actions?: readonly string[]; openTask?: { taskId: number } | null } | null;
}

/**
 * The lifecycle buttons the form shows: what the server says the signed-in user may do
 * now (ProcessView.actions, from the document's state and the user's part in it),
 * narrowed by the action mode. The browser adds no rule of its own:
 * - save, temporary save and submit change the document, so they need a mode whose
 *   export offers `save`;
 * - in approval the holder of the open task saves without a lifecycle transition in
 *   partedit / fssc / fsscPartedit / oaapplicant (the export offers `save` there): the
 *   server names the open task, or offers a task action (approve, reject, add-sign,
 *   supplement), which only the holder of the open task is offered;
 * - approve, reject, add-sign, supplement, recall, void and print are the server's to allow
 *   (recall: the owner, while nobody decided, in any mode).
 * A new document can only be saved (or temporarily saved): it has no state yet.
 */
export function toolbarActions({ isNew, mode, buttons, process }: ToolbarInput): LifecycleAction[] {
  const editable = buttons.includes('save');
  if (isNew) return editable ? ['save', 'tempSave'] : [];
  if (!process) return [];
  const allowed = new Set(process.actions ?? []);
  const holdsTask = Boolean(process.openTask) || taskResults.some((r) => allowed.has(r));
  return lifecycleOrder.filter((action) => {
    switch (action) {
      case 'save':
        return editable && (allowed.has('save') || (taskEditModes.has(mode) && holdsTask));
      case 'tempSave':
      case 'submit':
        return editable && allowed.has(action);
      default:
        return allowed.has(action);
    }
  });
}

/** The export's other buttons (image view, invoice detail, ...), without the lifecycle ones. */
export function otherButtons(buttons: readonly string[]): string[] {
  const lifecycle = new Set<string>(lifecycleOrder);
  return buttons.filter((b) => !lifecycle.has(b));
}
