import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { languages, storeLanguage, type Language } from '../i18n/language';

/** The top bar: the portal's name (back to the home page) and the zh/en switch. */
export default function TopBar() {
  const { t, i18n } = useTranslation();
  const current = (languages as readonly string[]).includes(i18n.language) ? i18n.language : 'zh';

  const switchTo = (lang: Language | null) => {
    if (!lang || lang === current) return;
    storeLanguage(lang);
    void i18n.changeLanguage(lang);
  };

  return (
    <AppBar position="static" elevation={1}>
      <Toolbar variant="dense">
        <Link component={RouterLink} to="/" color="inherit" underline="none" sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="span">
            {t('app.name')}
          </Typography>
        </Link>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={current}
          onChange={(_, v: Language | null) => switchTo(v)}
          aria-label={t('app.language')}
          sx={{ bgcolor: 'background.paper' }}
        >
          {languages.map((l) => (
            <ToggleButton key={l} value={l} data-lang={l} sx={{ py: 0.25 }}>
              {t(`lang.${l}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Toolbar>
    </AppBar>
  );
}
