import { memo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { findEntry, menuHref, nodeTitle, splitPath, type MenuNode } from '../menu/menu';
import type { MenuState } from '../menu/useMenu';
import { stripStamp } from './routeStamp';

/** Sidebar widths (navigation-and-access.md 2.4). */
export const SIDEBAR_WIDTH = 195;
export const SIDEBAR_COLLAPSED_WIDTH = 30;

function visible(nodes: MenuNode[]): MenuNode[] {
  return nodes.filter((n) => !n.hidden);
}

export interface SidebarProps {
  menuState: MenuState;
  collapsed: boolean;
  onToggle: () => void;
}

/** The collapsible menu: 195 px open, 30 px closed (only the toggle shows). */
function Sidebar({ menuState, collapsed, onToggle }: SidebarProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const location = useLocation();
  const here = stripStamp(location.pathname);
  const current = findEntry(menuState.menu, here, new URLSearchParams(location.search).get('docType'));
  const [open, setOpen] = useState<Record<string, boolean>>({});

  const go = (node: MenuNode) => navigate(menuHref(node, Date.now()));

  const groupOpen = (g: MenuNode) => open[g.path] ?? (current ? current.path.startsWith(splitPath(g.path).pathname) : false);

  return (
    <Box
      component="nav"
      aria-label={t('shell.menu')}
      data-sidebar={collapsed ? 'collapsed' : 'open'}
      sx={{
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowX: 'hidden',
        overflowY: 'auto',
        transition: 'width 150ms',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end' }}>
        <Tooltip title={collapsed ? t('shell.expand') : t('shell.collapse')} placement="right">
          <IconButton size="small" onClick={onToggle} aria-label={collapsed ? t('shell.expand') : t('shell.collapse')} data-sidebar-toggle>
            {collapsed ? <ChevronRightIcon fontSize="small" /> : <ChevronLeftIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      {!collapsed && (
        <>
          {menuState.pending && <LinearProgress />}
          {menuState.failed && (
            <Alert severity="error" sx={{ m: 0.5, px: 1 }}>
              {t('shell.menuLoadFailed')}
            </Alert>
          )}
          {!menuState.pending && !menuState.failed && visible(menuState.menu).length === 0 && (
            <Alert severity="info" sx={{ m: 0.5, px: 1 }}>
              {t('shell.noMenu')}
            </Alert>
          )}
          <List dense disablePadding>
            {visible(menuState.menu).map((g) => {
              const children = visible(g.children);
              const title = nodeTitle(g, g.path, lang);
              if (children.length === 0) {
                return (
                  <ListItemButton key={g.path} selected={current === g} onClick={() => go(g)} data-menu={g.code}>
                    <ListItemText primary={title} />
                  </ListItemButton>
                );
              }
              const isOpen = groupOpen(g);
              return (
                <Box key={g.path} data-menu-group={g.code}>
                  <ListItemButton onClick={() => setOpen((o) => ({ ...o, [g.path]: !isOpen }))} aria-expanded={isOpen}>
                    <ListItemText primary={title} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                    {isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                  </ListItemButton>
                  <Collapse in={isOpen} unmountOnExit>
                    <List dense disablePadding>
                      {children.map((c) => (
                        <ListItemButton
                          key={c.path}
                          sx={{ pl: 3 }}
                          selected={current?.path === c.path}
                          onClick={() => go(c)}
                          data-menu={c.code}
                          data-menu-path={c.path}
                        >
                          <ListItemText primary={nodeTitle(c, g.path, lang)} />
                        </ListItemButton>
                      ))}
                    </List>
                  </Collapse>
                </Box>
              );
            })}
          </List>
        </>
      )}
    </Box>
  );
}

export default memo(Sidebar);
