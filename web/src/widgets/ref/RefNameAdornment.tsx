import { useTranslation } from 'react-i18next';
import { BoxAdornment } from '../box/TextBox';
import Typography from '@mui/material/Typography';
import { useRefName } from '../../masterdata/queries';

/**
 * The name of a code, beside it in its box; a code the store does not know is marked
 * (the server refuses it on save). Nothing while the name is being asked for.
 */
export function RefNameAdornment({ type, code }: { type: string; code: string }) {
  const { t } = useTranslation();
  const { name, unknown } = useRefName(type, code);
  if (!name && !unknown) return null;
  // Plain text in the box's style sheet (boxStyles: .fw-box-adornment), in the form's
  // TextBox and in the search box (TextField) alike.
  return unknown ? (
    <BoxAdornment tone="error" data-ref-unknown={code} title={t('md.picker.unknown', { code })}>
      {t('md.picker.unknownShort')}
    </BoxAdornment>
  ) : (
    <BoxAdornment data-ref-name={code} title={name ?? ''}>
      {name}
    </BoxAdornment>
  );
}

/** "code name" as text (a list cell); an unknown code as it is, marked. */
export function RefText({ type, code }: { type: string; code: string }) {
  const { t } = useTranslation();
  const { name, unknown } = useRefName(type, code);
  if (!code) return null;
  return (
    <span data-ref-text={code} data-ref-unknown={unknown ? code : undefined} title={unknown ? t('md.picker.unknown', { code }) : undefined}>
      {name ? `${code} ${name}` : code}
      {unknown && (
        <Typography component="span" variant="body2" color="error" sx={{ ml: 0.5 }}>
          {t('md.picker.unknownShort')}
        </Typography>
      )}
    </span>
  );
}
