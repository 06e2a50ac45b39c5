import { alpha, type Theme } from '@mui/material/styles';

/**
 * The top bar's style sheet (TopBar, LanguageSwitch): MUI's AppBar, dense Toolbar, h6,
 * inherit-coloured IconButton and Button, and small ToggleButtonGroup as static rules from
 * the theme. Put on the page once, with the form's (GlobalStyles in main.tsx).
 */
export function shellStyles(theme: Theme) {
  const p = theme.palette;
  const easing = `${theme.transitions.duration.short}ms ${theme.transitions.easing.easeInOut}`;
  const button = { ...theme.typography.button, margin: 0, border: 0, cursor: 'pointer', userSelect: 'none', WebkitTapHighlightColor: 'transparent' } as const;
  return {
    '.fw-topbar': {
      display: 'flex',
      flexDirection: 'column',
      width: '100%',
      boxSizing: 'border-box',
      flexShrink: 0,
      position: 'static',
      zIndex: theme.zIndex.appBar,
      backgroundColor: p.primary.main,
      color: p.primary.contrastText,
      boxShadow: theme.shadows[1],
    },
    // (the media query nested: the form's sheet has its own at the same breakpoint, and both are spread into one)
    '.fw-topbar-row': { position: 'relative', display: 'flex', alignItems: 'center', minHeight: 48, padding: '0 16px', gap: theme.spacing(1), [theme.breakpoints.up('sm')]: { padding: '0 24px' } },
    '.fw-icon': { width: '1em', height: '1em', display: 'inline-block', flexShrink: 0, fill: 'currentColor', fontSize: theme.typography.pxToRem(24), userSelect: 'none' },
    '.fw-topbar-logo': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), color: 'inherit', textDecoration: 'none' },
    '.fw-topbar-name': { ...theme.typography.h6, margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    '.fw-topbar-gap': { flexGrow: 1 },
    '.fw-topbar-welcome': { ...theme.typography.body2, margin: '0 8px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    '.fw-topbar-icon': {
      ...button,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: 8,
      borderRadius: '50%',
      background: 'transparent',
      color: 'inherit',
      fontSize: theme.typography.pxToRem(24),
      transition: `background-color ${easing}`,
    },
    '.fw-topbar-icon:hover, .fw-topbar-icon:focus-visible': { outline: 'none', backgroundColor: alpha(p.action.active, p.action.hoverOpacity) },
    '.fw-topbar-button': {
      ...button,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minWidth: 64,
      padding: '6px 8px',
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      color: 'inherit',
      transition: `background-color ${easing}`,
    },
    '.fw-topbar-button:hover, .fw-topbar-button:focus-visible': { outline: 'none', backgroundColor: alpha(p.text.primary, p.action.hoverOpacity) },
    '.fw-topbar-button-icon': { display: 'inherit', marginRight: 8, marginLeft: -4 },
    '.fw-topbar-button-icon > .fw-icon': { fontSize: 20 },
    '.fw-lang': { display: 'inline-flex', borderRadius: theme.shape.borderRadius },
    '.fw-lang[data-dark]': { backgroundColor: p.background.paper },
    '.fw-lang-button': {
      ...button,
      fontSize: theme.typography.pxToRem(13),
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: '2px 7px',
      border: `1px solid ${p.divider}`,
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      color: p.action.active,
      transition: `background-color ${easing}`,
    },
    '.fw-lang-button:not(:first-of-type)': { marginLeft: -1, borderLeft: '1px solid transparent', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
    '.fw-lang-button:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
    '.fw-lang-button:hover, .fw-lang-button:focus-visible': { outline: 'none', backgroundColor: alpha(p.text.primary, p.action.hoverOpacity) },
    '.fw-lang-button[aria-pressed="true"]': { color: p.text.primary, backgroundColor: alpha(p.text.primary, p.action.selectedOpacity) },
    '.fw-lang-button[aria-pressed="true"]:hover': { backgroundColor: alpha(p.text.primary, p.action.selectedOpacity + p.action.hoverOpacity) },
  } as const;
}
