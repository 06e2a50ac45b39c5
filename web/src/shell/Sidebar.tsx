import { memo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { findEntry, menuHref, nodeTitle, splitPath, type MenuNode } from '../menu/menu';
import type { MenuState } from '../menu/useMenu';
import { stripStamp } from './routeStamp';
import { ShellIcon } from './ShellIcon';

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
    // Plain elements in the shell's style sheet (shellStyles), as MUI's dense List,
    // ListItemButton and small IconButton look: the sidebar is drawn on every page.
    <nav
      aria-label={t('shell.menu')}
      data-sidebar={collapsed ? 'collapsed' : 'open'}
      className="fw-sidebar"
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
    >
      <div className="fw-sidebar-top" data-collapsed={collapsed || undefined}>
        <button
          type="button"
          className="fw-sidebar-toggle"
          onClick={onToggle}
          aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
          title={collapsed ? t('shell.expand') : t('shell.collapse')}
          data-sidebar-toggle
        >
          <ShellIcon small d={collapsed ? chevronRight : chevronLeft} />
        </button>
      </div>
      {!collapsed && (
        <>
          {menuState.pending && (
            <div className="fw-progress" role="progressbar" aria-label={t('shell.menu')}>
              <span />
            </div>
          )}
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
          <div className="fw-menu">
            {visible(menuState.menu).map((g) => {
              const children = visible(g.children);
              const title = nodeTitle(g, g.path, lang);
              if (children.length === 0) {
                return (
                  <button key={g.path} type="button" className="fw-menu-item" aria-current={current === g ? 'page' : undefined} onClick={() => go(g)} data-menu={g.code}>
                    <span className="fw-menu-text">{title}</span>
                  </button>
                );
              }
              const isOpen = groupOpen(g);
              return (
                <div key={g.path} data-menu-group={g.code}>
                  <button type="button" className="fw-menu-item" onClick={() => setOpen((o) => ({ ...o, [g.path]: !isOpen }))} aria-expanded={isOpen}>
                    <span className="fw-menu-text" data-group>
                      {title}
                    </span>
                    <ShellIcon small d={isOpen ? expandLess : expandMore} />
                  </button>
                  {isOpen &&
                    children.map((c) => (
                      <button
                        key={c.path}
                        type="button"
                        className="fw-menu-item"
                        data-depth="1"
                        aria-current={current?.path === c.path ? 'page' : undefined}
                        onClick={() => go(c)}
                        data-menu={c.code}
                        data-menu-path={c.path}
                      >
                        <span className="fw-menu-text">{nodeTitle(c, g.path, lang)}</span>
                      </button>
                    ))}
                </div>
              );
            })}
          </div>
        </>
      )}
    </nav>
  );
}

// MUI's icons (ChevronLeft / Right, ExpandLess / More) as plain paths.
const chevronLeft = 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z';
const chevronRight = 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z';
const expandLess = 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z';
const expandMore = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';


export default memo(Sidebar);
