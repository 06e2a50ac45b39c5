import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { docTypesQuery, menuTreeQuery } from '../api/queries';
import { useSession } from '../auth/session';
import { useEdition } from '../auth/useEdition';
import { filterMenu, menuFromPermissions, normalizeMenuTree, permittedSet, withDocTypes, type MenuNode } from './menu';
import { shownMenu } from './pages';

export interface MenuState {
  menu: MenuNode[];
  pending: boolean;
  /** The menu tree call failed and login's menuPermissions gave nothing either. */
  failed: boolean;
  /** The registered document types (code -> registry entry), for titles and shortcuts. */
  registered: Set<string>;
}

/**
 * The person's menu: the server's tree (GET /api/galaxycommon/menu/tree, filtered by
 * their menu codes there and again here by login's menuPermissions), or, when the
 * server has no tree, the catalogue filtered by menuPermissions. Entries whose code is a registered document
 * type open its list. Entries this app has no page for are left out (menu/pages.ts).
 */
export function useMenu(): MenuState {
  const { loggedIn, menuPermissions } = useSession();
  const { i18n } = useTranslation();
  const tree = useQuery({ ...menuTreeQuery(), enabled: loggedIn });
  const { edition, ready } = useEdition();
  const docTypes = useQuery({ ...docTypesQuery(i18n.language, edition), enabled: loggedIn && ready });
  return useMemo(() => {
    const registered = new Set((docTypes.data ?? []).map((d) => d.docType));
    let menu: MenuNode[] = [];
    if (tree.data !== undefined) {
      menu = normalizeMenuTree(tree.data);
      // The tree comes filtered; the codes login granted filter it once more.
      if (menuPermissions.length > 0) menu = filterMenu(menu, permittedSet(menuPermissions));
    } else if (tree.isError) menu = menuFromPermissions(menuPermissions);
    return {
      menu: shownMenu(withDocTypes(menu, registered)),
      pending: loggedIn && tree.isPending,
      failed: tree.isError && menu.length === 0,
      registered,
    };
  }, [tree.data, tree.isError, tree.isPending, docTypes.data, menuPermissions, loggedIn]);
}
