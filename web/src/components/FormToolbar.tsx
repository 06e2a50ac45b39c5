import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslation } from 'react-i18next';

export interface FormToolbarProps {
  /** The export's buttons for this action and sub-type; Save shows when it is one of them. */
  buttons: string[];
  saving: boolean;
  onSave: () => void;
}

/** The form's toolbar: Save works; the export's other buttons are shown disabled for now. */
export default function FormToolbar({ buttons, saving, onSave }: FormToolbarProps) {
  const { t } = useTranslation();
  const others = buttons.filter((b) => b !== 'save');
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} data-toolbar>
      {buttons.includes('save') && (
        <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={onSave} data-button="save">
          {saving ? t('save.saving') : t('buttons.save')}
        </Button>
      )}
      {others.map((b) => (
        <Tooltip key={b} title={t('buttons.notYet')}>
          <span>
            <Button variant="outlined" disabled data-button={b}>
              {t(`buttons.${b}`, { defaultValue: b })}
            </Button>
          </span>
        </Tooltip>
      ))}
    </Box>
  );
}
