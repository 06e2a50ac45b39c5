import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SaveIcon from '@mui/icons-material/Save';
import SaveAsOutlined from '@mui/icons-material/SaveAsOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import HelpOutline from '@mui/icons-material/HelpOutline';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { LifecycleAction } from '../api/process';

const icons: Record<LifecycleAction, ReactElement> = {
  save: <SaveIcon />,
  tempSave: <SaveAsOutlined />,
  submit: <SendOutlined />,
  approve: <CheckCircleOutline />,
  reject: <UndoOutlined />,
  addSign: <PersonAddAlt />,
  supplement: <HelpOutline />,
  recall: <ReplayOutlined />,
  void: <BlockOutlined />,
  print: <PrintOutlined />,
};

const colors: Partial<Record<LifecycleAction, 'primary' | 'success' | 'warning' | 'error'>> = {
  approve: 'success',
  reject: 'warning',
  recall: 'warning',
  void: 'error',
};

/** The main action of a toolbar: submit, else approve, else save. */
function primaryOf(actions: readonly LifecycleAction[]): LifecycleAction | undefined {
  return (['submit', 'approve', 'save'] as const).find((a) => actions.includes(a));
}

export interface FormToolbarProps {
  /** The lifecycle buttons to show (toolbarActions: the server's allowed actions in this mode). */
  actions: readonly LifecycleAction[];
  /**
   * The export's other buttons (image view, invoice detail, voucher preview, ...). Image upload
   * and image view are files/FileButtons' (beside this toolbar); the voucher preview and 'save and
   * submit voucher' are the voucher panel's (web/src/vouchers), the tax group the tax panel's
   * (web/src/taxes); a button that does nothing is not
   * shown. not done here: the invoice detail button.
   */
  others: readonly string[];
  /** The action running, if any: every button waits for it. */
  busy: LifecycleAction | null;
  onAction: (action: LifecycleAction) => void;
}

/** The form's toolbar: the lifecycle actions the server allows. */
export default function FormToolbar({ actions, busy, onAction }: FormToolbarProps) {
  const { t } = useTranslation();
  const primary = primaryOf(actions);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} data-toolbar>
      {actions.map((a) => (
        <Button
          key={a}
          variant={a === primary ? 'contained' : 'outlined'}
          color={colors[a] ?? 'primary'}
          startIcon={icons[a]}
          disabled={busy !== null}
          onClick={() => onAction(a)}
          data-button={a}
        >
          {busy === a ? t('process.running', { action: t(`buttons.${a}`) }) : t(`buttons.${a}`)}
        </Button>
      ))}
    </Box>
  );
}
