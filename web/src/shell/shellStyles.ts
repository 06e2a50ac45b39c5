import { alpha, lighten, type Theme } from '@mui/material/styles';

/**
 * The shell's style sheet (TopBar, LanguageSwitch, Sidebar): MUI's AppBar, dense Toolbar,
 * h6, inherit-coloured IconButton and Button, small ToggleButtonGroup, dense List and
 * LinearProgress as static rules from the theme. Put on the page once, with the form's (GlobalStyles in main.tsx).
 */
export function shellStyles(theme: Theme) {
  const p = theme.palette;
  const easing = `${theme.transitions.duration.short}ms ${theme.transitions.easing.easeInOut}`;
  // What every plain button here starts from: no browser look, MUI's button text, centred content.
  const bare = { margin: 0, border: 0, background: 'transparent', cursor: 'pointer', userSelect: 'none', WebkitTapHighlightColor: 'transparent' } as const;
  const button = { ...bare, ...theme.typography.button, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', transition: `background-color ${easing}` } as const;
  // MUI's IconButton: round, the icon's colour its own
  const iconButton = { ...button, borderRadius: '50%' } as const;
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
    '.fw-topbar-icon': { ...iconButton, padding: 8, color: 'inherit', fontSize: theme.typography.pxToRem(24) },
    '.fw-topbar-icon:hover, .fw-topbar-icon:focus-visible': { outline: 'none', backgroundColor: alpha(p.action.active, p.action.hoverOpacity) },
    '.fw-topbar-button': { ...button, minWidth: 64, padding: '6px 8px', borderRadius: theme.shape.borderRadius, color: 'inherit' },
    '.fw-topbar-button:hover, .fw-topbar-button:focus-visible': { outline: 'none', backgroundColor: alpha(p.text.primary, p.action.hoverOpacity) },
    '.fw-topbar-button-icon': { display: 'inherit', marginRight: 8, marginLeft: -4 },
    '.fw-topbar-button-icon > .fw-icon': { fontSize: 20 },
    '.fw-icon-small': { fontSize: theme.typography.pxToRem(20) },
    // The sidebar (Sidebar): MUI's dense List and ListItemButton, small IconButton, LinearProgress.
    '.fw-sidebar': {
      flexShrink: 0,
      borderRight: `1px solid ${p.divider}`,
      backgroundColor: p.background.paper,
      overflowX: 'hidden',
      overflowY: 'auto',
      transition: 'width 150ms',
    },
    '.fw-sidebar-top': { display: 'flex', justifyContent: 'flex-end' },
    '.fw-sidebar-top[data-collapsed]': { justifyContent: 'center' },
    '.fw-sidebar-toggle': { ...iconButton, padding: 5, color: p.action.active },
    '.fw-sidebar-toggle:hover, .fw-sidebar-toggle:focus-visible': { outline: 'none', backgroundColor: p.action.hover },
    '.fw-menu-item': {
      ...bare,
      ...theme.typography.body2,
      display: 'flex',
      alignItems: 'center',
      width: '100%',
      boxSizing: 'border-box',
      padding: '4px 16px',
      color: p.text.primary,
      textAlign: 'left',
      transition: `background-color ${theme.transitions.duration.shortest}ms ${theme.transitions.easing.easeInOut}`,
    },
    '.fw-menu-item[data-depth="1"]': { paddingLeft: theme.spacing(3) },
    '.fw-menu-item:hover': { backgroundColor: p.action.hover },
    '.fw-menu-item:focus-visible': { outline: 'none', backgroundColor: p.action.focus },
    '.fw-menu-item[aria-current="page"]': { backgroundColor: alpha(p.primary.main, p.action.selectedOpacity) },
    '.fw-menu-item[aria-current="page"]:hover': { backgroundColor: alpha(p.primary.main, p.action.selectedOpacity + p.action.hoverOpacity) },
    '.fw-menu-text': { flex: '1 1 auto', minWidth: 0, margin: '4px 0' },
    '.fw-menu-text[data-group]': { fontWeight: 600 },
    '@keyframes fw-progress': { '0%': { left: '-35%', right: '100%' }, '60%': { left: '100%', right: '-90%' }, '100%': { left: '100%', right: '-90%' } },
    '.fw-progress': { position: 'relative', overflow: 'hidden', height: 4, backgroundColor: lighten(p.primary.main, 0.62) },
    '.fw-progress > span': { position: 'absolute', top: 0, bottom: 0, left: 0, backgroundColor: p.primary.main, animation: 'fw-progress 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite' },
    '.fw-lang': { display: 'inline-flex', borderRadius: theme.shape.borderRadius },
    '.fw-lang[data-dark]': { backgroundColor: p.background.paper },
    '.fw-lang-button': {
      ...button,
      fontSize: theme.typography.pxToRem(13),
      padding: '2px 7px',
      border: `1px solid ${p.divider}`,
      borderRadius: theme.shape.borderRadius,
      color: p.action.active,
    },
    '.fw-lang-button:not(:first-of-type)': { marginLeft: -1, borderLeft: '1px solid transparent', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
    '.fw-lang-button:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
    '.fw-lang-button:hover, .fw-lang-button:focus-visible': { outline: 'none', backgroundColor: alpha(p.text.primary, p.action.hoverOpacity) },
    '.fw-lang-button[aria-pressed="true"]': { color: p.text.primary, backgroundColor: alpha(p.text.primary, p.action.selectedOpacity) },
    '.fw-lang-button[aria-pressed="true"]:hover': { backgroundColor: alpha(p.text.primary, p.action.selectedOpacity + p.action.hoverOpacity) },
  } as const;
}
