import { createTheme } from '@mui/material/styles';
import { enUS, thTH, zhCN } from '@mui/material/locale';

/** The portal theme, with MUI's own texts in the interface language. */
export function portalTheme(lang: string) {
  return createTheme(
    {
      palette: { primary: { main: '#1f5fa8' }, background: { default: '#f4f6f9' } },
      typography: {
        fontFamily: '"Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Leelawadee UI", "Noto Sans Thai", Tahoma, Roboto, Arial, sans-serif',
      },
    },
    lang === 'en' ? enUS : lang === 'th' ? thTH : zhCN,
  );
}
