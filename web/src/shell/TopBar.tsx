import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { languages, storeLanguage, type Language } from '../i18n/language';
import { useSession } from '../auth/session';
import type { CurrentUser } from '../api/types';
import { ShellIcon } from './ShellIcon';

export interface TopBarProps {
  onGuide: () => void;
  onLogout: () => void;
}

function companiesOf(user: CurrentUser | undefined): Array<{ key: string; label: string }> {
  return (user?.companies ?? []).map((c) => ({ key: c.key, label: c.value || c.key })).filter((c) => c.key !== '');
}

/**
 * The language switch: zh (default), en, th. Plain buttons in the shell's style sheet
 * (shellStyles), as MUI's small exclusive ToggleButtonGroup looks and reads (a group of
 * pressed / not pressed buttons).
 */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = (languages as readonly string[]).includes(i18n.language) ? i18n.language : 'zh';
  const switchTo = (lang: Language) => {
    if (lang === current) return;
    storeLanguage(lang);
    void i18n.changeLanguage(lang);
  };
  return (
    <div role="group" className="fw-lang" data-dark={dark || undefined} aria-label={t('app.language')}>
      {languages.map((l) => (
        <button key={l} type="button" className="fw-lang-button" aria-pressed={l === current} data-lang={l} onClick={() => switchTo(l)}>
          {t(`lang.${l}`)}
        </button>
      ))}
    </div>
  );
}

// MUI's icons (ReceiptLong, HelpOutline, Logout) as plain paths.
const receiptLong =
  'M19.5 3.5 18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2v14H3v3c0 1.66 1.34 3 3 3h12c1.66 0 3-1.34 3-3V2zM19 19c0 .55-.45 1-1 1s-1-.45-1-1v-3H8V5h11z M9 7h6v2H9zm7 0h2v2h-2zm-7 3h6v2H9zm7 0h2v2h-2z';
const helpOutline =
  'M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4';
const logout = 'm17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z';


/**
 * The top bar (navigation-and-access.md 2.4): the logo back to /Dashboard, the
 * reimbursement guide, advice / complaint, the welcome text with employee id and
 * display name, the company, the language and logout. Plain elements in the shell's
 * style sheet (shellStyles), as MUI's AppBar, Toolbar and buttons look: it is drawn on
 * every page, and MUI's components cost a share of each page's first render (make bench-web).
 */
function TopBar({ onGuide, onLogout }: TopBarProps) {
  const { t } = useTranslation();
  const { user, loginRecord, company, setCompany } = useSession();
  const empId = user?.empId || user?.empNo || loginRecord?.employeeId || '';
  const name = user?.empName || user?.nickname || loginRecord?.displayname || user?.username || '';
  const companies = companiesOf(user);

  return (
    <header className="fw-topbar">
      <div className="fw-topbar-row">
        <RouterLink to="/Dashboard" className="fw-topbar-logo" data-logo>
          <ShellIcon d={receiptLong} />
          <span className="fw-topbar-name">{t('app.name')}</span>
        </RouterLink>
        <span className="fw-topbar-gap" />
        <button type="button" className="fw-topbar-icon" onClick={onGuide} aria-label={t('shell.guide')} title={t('shell.guide')} data-action="guide">
          <ShellIcon d={helpOutline} />
        </button>
        <span className="fw-topbar-welcome" data-welcome>
          {t('shell.welcome', { empId, name })}
        </span>
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
        <button type="button" className="fw-topbar-button" onClick={onLogout} data-action="logout">
          <span className="fw-topbar-button-icon">
            <ShellIcon d={logout} />
          </span>
          {t('shell.logout')}
        </button>
      </div>
    </header>
  );
}

export default memo(TopBar);
