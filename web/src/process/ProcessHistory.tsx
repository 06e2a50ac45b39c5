import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProcessEvent, ProcessTask, ProcessView } from '../api/process';

/** The colour of a document state's chip. */
export function statusColor(status: string | undefined): 'default' | 'info' | 'success' | 'warning' | 'error' {
  switch (status) {
    case 'inApproval':
      return 'info';
    case 'approved':
      return 'success';
    case 'returned':
      return 'warning';
    case 'voided':
      return 'error';
    default:
      return 'default';
  }
}

/** A user shown by name, with the username when the name differs. */
export function personText(name: string | undefined, username: string | undefined): string {
  if (name && username && name !== username) return `${name} (${username})`;
  return name || username || '';
}

/** The state change of an event: "草稿 → 审批中", or the one state when it stays. */
export function transitionText(e: ProcessEvent): string {
  const from = e.fromTxt || e.from || '';
  const to = e.toTxt || e.to || '';
  if (!from) return to;
  if (from === to) return to;
  return `${from} → ${to}`;
}

/** Tasks in route order; cancelled tasks stay visible (the route as it was). */
export function orderedTasks(tasks: readonly ProcessTask[] | null | undefined): ProcessTask[] {
  return [...(tasks ?? [])].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0) || a.taskId - b.taskId);
}

/**
 * The approval history on the form: the document's state, the approval tasks (step,
 * approver, state, and for completed ones completeBy, completeAt, taskReult,
 * taskReultComment) and every event (when, who, action, state change, comment).
 */
export default function ProcessHistory({ view }: { view: ProcessView }) {
  const { t } = useTranslation();
  const tasks = orderedTasks(view.tasks);
  const events = view.events ?? [];
  return (
    <Box sx={{ mt: 3 }} data-history={view.businessId} data-status={view.status ?? ''}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('process.history')}
        </Typography>
        {view.status && <Chip size="small" color={statusColor(view.status)} label={view.statusTxt || view.status} data-process-status={view.status} />}
        {view.processId && (
          <Typography variant="body2" color="text.secondary">
            {t('process.processId')}: {view.processId}
          </Typography>
        )}
      </Box>

      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('process.tasks')}
      </Typography>
      {tasks.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-history-tasks="empty">
          {t('process.noTasks')}
        </Typography>
      ) : (
        <Table size="small" data-history-tasks>
          <TableHead>
            <TableRow>
              <TableCell>{t('process.step')}</TableCell>
              <TableCell>{t('process.assignee')}</TableCell>
              <TableCell>{t('process.taskStatus')}</TableCell>
              <TableCell>{t('process.completeBy')}</TableCell>
              <TableCell>{t('process.completeAt')}</TableCell>
              <TableCell>{t('process.taskReult')}</TableCell>
              <TableCell>{t('process.taskReultComment')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tasks.map((task) => (
              <TableRow key={task.taskId} data-task={task.taskId} data-task-status={task.status ?? ''} data-task-result={task.taskReult ?? ''}>
                <TableCell>{task.stepTxt || task.step}</TableCell>
                <TableCell data-cell="assignee">{personText(task.assigneeTxt, task.assignee)}</TableCell>
                <TableCell>{t(`process.taskStates.${task.status ?? ''}`, { defaultValue: task.status ?? '' })}</TableCell>
                <TableCell data-cell="completeBy">{personText(task.completeByTxt, task.completeBy)}</TableCell>
                <TableCell data-cell="completeAt">{task.completeAt}</TableCell>
                <TableCell data-cell="taskReult">{task.taskReultTxt || task.taskReult}</TableCell>
                <TableCell data-cell="taskReultComment" sx={{ whiteSpace: 'pre-line' }}>
                  {task.taskReultComment || (task.request ? `${t('process.request')}: ${task.request}` : '')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('process.events')}
      </Typography>
      <Table size="small" data-history-events>
        <TableHead>
          <TableRow>
            <TableCell>{t('process.at')}</TableCell>
            <TableCell>{t('process.by')}</TableCell>
            <TableCell>{t('process.action')}</TableCell>
            <TableCell>{t('process.transition')}</TableCell>
            <TableCell>{t('process.comment')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e, i) => (
            <TableRow key={i} data-event={e.action ?? ''}>
              <TableCell>{e.at}</TableCell>
              <TableCell data-cell="by">{personText(e.byTxt, e.by)}</TableCell>
              <TableCell>{e.actionTxt || e.action}</TableCell>
              <TableCell>{transitionText(e)}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line' }} data-cell="comment">
                {e.comment}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
