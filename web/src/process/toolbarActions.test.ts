import { describe, expect, it } from 'vitest';
import { otherButtons, toolbarActions } from './toolbarActions';

const editButtons = ['save', 'imageView', 'invoiceDetail', 'search'];
const readButtons = ['imageView', 'invoiceDetail'];
const task = { taskId: 7 };

describe('toolbarActions', () => {
  it('offers a new document save and temporary save where the mode edits, nothing where it reads', () => {
    expect(toolbarActions({ isNew: true, mode: 'new', buttons: editButtons })).toEqual(['save', 'tempSave']);
    expect(toolbarActions({ isNew: true, mode: 'read', buttons: readButtons })).toEqual([]);
  });

  it('waits for the server before offering anything on a stored document', () => {
    expect(toolbarActions({ isNew: false, mode: 'edit', buttons: editButtons, process: undefined })).toEqual([]);
  });

  it("shows the server's actions of a draft in edit mode, in toolbar order", () => {
    const process = { actions: ['print', 'void', 'submit', 'tempSave', 'save'], openTask: null };
    expect(toolbarActions({ isNew: false, mode: 'edit', buttons: editButtons, process })).toEqual(['save', 'tempSave', 'submit', 'void', 'print']);
  });

  it('leaves out the changing actions where the mode only reads', () => {
    const process = { actions: ['save', 'tempSave', 'submit', 'void', 'print'], openTask: null };
    expect(toolbarActions({ isNew: false, mode: 'read', buttons: readButtons, process })).toEqual(['void', 'print']);
  });

  it('shows the task actions to the holder of the open task, never more than the server allows', () => {
    const holder = { actions: ['approve', 'reject', 'addSign', 'supplement', 'print'], openTask: task };
    expect(toolbarActions({ isNew: false, mode: 'oareview', buttons: readButtons, process: holder })).toEqual([
      'approve',
      'reject',
      'addSign',
      'supplement',
      'print',
    ]);
    const owner = { actions: ['print', 'recall'], openTask: null };
    expect(toolbarActions({ isNew: false, mode: 'read', buttons: readButtons, process: owner })).toEqual(['recall', 'print']);
    const onlooker = { actions: ['print'], openTask: null };
    expect(toolbarActions({ isNew: false, mode: 'edit', buttons: editButtons, process: onlooker })).toEqual(['print']);
  });

  it('lets the task holder save in approval in the part-edit modes only', () => {
    const holder = { actions: ['approve', 'reject', 'print'], openTask: task };
    expect(toolbarActions({ isNew: false, mode: 'partedit', buttons: ['save'], process: holder })).toEqual(['save', 'approve', 'reject', 'print']);
    expect(toolbarActions({ isNew: false, mode: 'edit', buttons: editButtons, process: holder })).toEqual(['approve', 'reject', 'print']);
    const applicant = { actions: ['supplement', 'print'], openTask: { taskId: 9, step: 'supplement' } };
    expect(toolbarActions({ isNew: false, mode: 'oaapplicant', buttons: ['save'], process: applicant })).toEqual(['save', 'supplement', 'print']);
    const noTask = { actions: ['print'], openTask: null };
    expect(toolbarActions({ isNew: false, mode: 'partedit', buttons: ['save'], process: noTask })).toEqual(['print']);
  });

  it("knows the task holder from the task actions when a load's form names no open task", () => {
    const holder = { actions: ['approve', 'reject', 'addSign', 'supplement', 'print'] };
    expect(toolbarActions({ isNew: false, mode: 'fssc', buttons: ['save'], process: holder })).toEqual(['save', 'approve', 'reject', 'addSign', 'supplement', 'print']);
    const applicant = { actions: ['supplement', 'print'] };
    expect(toolbarActions({ isNew: false, mode: 'oaapplicant', buttons: ['save'], process: applicant })).toEqual(['save', 'supplement', 'print']);
    expect(toolbarActions({ isNew: false, mode: 'fssc', buttons: ['save'], process: { actions: ['print'] } })).toEqual(['print']);
  });

  it('ignores actions it does not know', () => {
    expect(toolbarActions({ isNew: false, mode: 'edit', buttons: editButtons, process: { actions: ['print', 'launch'] } })).toEqual(['print']);
  });

  it("keeps the export's other buttons apart", () => {
    expect(otherButtons(['save', 'imageView', 'print', 'submitVoucher'])).toEqual(['imageView', 'submitVoucher']);
  });
});
