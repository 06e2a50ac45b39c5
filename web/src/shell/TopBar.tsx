import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LogoutIcon from '@mui/icons-material/Logout';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { languages, storeLanguage, type Language } from '../i18n/language';
import { useSession } from '../auth/session';
import type { CurrentUser } from '../api/types';

export interface TopBarProps {
  onGuide: () => void;
  onLogout: () => void;
}

function companiesOf(user: CurrentUser | undefined): Array<{ key: string; label: string }> {
  return (user?.companies ?? []).map((c) => ({ key: c.key, label: c.value || c.key })).filter((c) => c.key !== '');
}

/** The language switch: zh (default), en, th. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = (languages as readonly string[]).includes(i18n.language) ? i18n.language : 'zh';
  const switchTo = (lang: Language | null) => {
    if (!lang || lang === current) return;
    storeLanguage(lang);
    void i18n.changeLanguage(lang);
  };
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      onChange={(_, v: Language | null) => switchTo(v)}
      aria-label={t('app.language')}
      sx={{ bgcolor: dark ? 'background.paper' : undefined }}
    >
      {languages.map((l) => (
        <ToggleButton key={l} value={l} data-lang={l} sx={{ py: 0.25 }}>
          {t(`lang.${l}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * The top bar (navigation-and-access.md 2.4): the logo back to /Dashboard, the
 * reimbursement guide, advice / complaint, the welcome text with employee id and
 * display name, the company, the language and logout.
 */
function TopBar({ onGuide, onLogout }: TopBarProps) {
  const { t } = useTranslation();
  const { user, loginRecord, company, setCompany } = useSession();
  const empId = user?.empId || user?.empNo || loginRecord?.employeeId || '';
  const name = user?.empName || user?.nickname || loginRecord?.displayname || user?.username || '';
  const companies = companiesOf(user);

  return (
    <AppBar position="static" elevation={1}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Link component={RouterLink} to="/Dashboard" color="inherit" underline="none" data-logo sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ReceiptLongIcon />
          <Typography variant="h6" component="span" noWrap>
            {t('app.name')}
          </Typography>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={t('shell.guide')}>
          <IconButton color="inherit" onClick={onGuide} aria-label={t('shell.guide')} data-action="guide">
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="body2" component="span" data-welcome noWrap sx={{ mx: 1 }}>
          {t('shell.welcome', { empId, name })}
        </Typography>
        {companies.length > 1 && (
          <TextField
            select
            size="small"
            id="company-select"
            value={companies.some((c) => c.key === company) ? company : ''}
            onChange={(e) => setCompany(e.target.value)}
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': t('shell.company'), title: t('shell.company') } as object } }}
            sx={{ minWidth: 160, bgcolor: 'background.paper', borderRadius: 1 }}
          >
            {companies.map((c) => (
              <MenuItem key={c.key} value={c.key}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <LanguageSwitch dark />
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={onLogout} data-action="logout">
          {t('shell.logout')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}

export default memo(TopBar);
