import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Page } from '@mirror/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showToast } from '../../../components/ui/toast';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { errorText } from '../../../lib/errors';
import { useSetEntryActive } from '../api/taxonomy.mutations';
import { taxonomyCountsQuery, taxonomyDetailQuery, taxonomyKeys } from '../api/taxonomy.queries';
import { countOf, matchesFilter, readId, visibleLevel, type EntryByLevel, type Level, type TaxonomyEntry } from '../taxonomy';
import { EntryDrawer, type DrawerTarget } from './entry-drawer';
import { headingId, TaxonomyColumn } from './taxonomy-column';
import styles from './taxonomy.module.css';

/** Phones and tablets show one level at a time (the workspace's own breakpoint). */
const ONE_LEVEL_QUERY = '(max-width: 1023px)';

function findInLists(client: QueryClient, level: Level, id: string): TaxonomyEntry | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<Page<TaxonomyEntry>>>({ queryKey: [...taxonomyKeys.lists(), level] })) {
    for (const page of data?.pages ?? []) {
      const hit = page.content.find((entry) => entry.id === id);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** The opened entry of a level: from the list already on screen at once, then from the API. */
function useOpened<L extends 'category' | 'component'>(level: L, id: string | undefined): EntryByLevel[L] | undefined;
function useOpened(level: Level, id: string | undefined): TaxonomyEntry | undefined {
  const client = useQueryClient();
  const query = useQuery({
    ...taxonomyDetailQuery<Level>(level, id ?? ''),
    enabled: id !== undefined,
    placeholderData: () => (id ? findInLists(client, level, id) : undefined),
    retry: false,
  });
  return id ? query.data : undefined;
}

interface DrawerState {
  key: number;
  target: DrawerTarget;
  isOpen: boolean;
}

/**
 * The taxonomy — categories → components → component-optionals — as three linked Miller
 * columns: choosing a category lists its components beside it, choosing a component its
 * optionals. The opened entries live in the URL (`?category=…&component=…`), so a link reproduces
 * the view and Back steps up a level; on a phone the deepest opened level shows alone, with a
 * back step.
 */
export default function TaxonomyPage() {
  const [params, setParams] = useSearchParams();
  const categoryId = readId(params.get('category'));
  const componentId = categoryId ? readId(params.get('component')) : undefined;
  const phoneLevel = visibleLevel({ categoryId, componentId });
  const category = useOpened('category', categoryId);
  const component = useOpened('component', componentId);
  const counts = useQuery(taxonomyCountsQuery());
  const activateCategory = useSetEntryActive('category');
  const activateComponent = useSetEntryActive('component');
  const [drawer, setDrawer] = useState<DrawerState | null>(null);

  /** The current URL with some parameters set or removed (undefined removes). */
  const hrefWith = useCallback(
    (patch: Record<string, string | undefined>) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const text = next.toString();
      return text ? `?${text}` : '?';
    },
    [params],
  );

  const patchParams = useCallback(
    (patch: Record<string, string | undefined>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );

  const openCategory = (id: string | undefined) => ({ category: id, component: undefined, componentQ: undefined, optionalQ: undefined });
  const openComponent = (id: string | undefined) => ({ component: id, optionalQ: undefined });

  // On a phone the column that held focus disappears when a level opens or closes: move focus to
  // the heading of the level now shown, so keyboard and screen-reader users are not left nowhere.
  const previousLevel = useRef(phoneLevel);
  useEffect(() => {
    if (previousLevel.current === phoneLevel) return;
    previousLevel.current = phoneLevel;
    if (!window.matchMedia(ONE_LEVEL_QUERY).matches) return;
    document.getElementById(headingId(phoneLevel))?.focus();
  }, [phoneLevel]);

  const openDrawer = (target: DrawerTarget) => setDrawer({ key: Date.now(), target, isOpen: true });
  const closeDrawer = () => setDrawer((current) => (current ? { ...current, isOpen: false } : null));

  function onCreated(level: Level, entry: TaxonomyEntry) {
    if (level === 'category') {
      const q = params.get('q') ?? '';
      patchParams({ ...openCategory(entry.id), q: q && !matchesFilter(entry.name, q) ? undefined : q });
    } else if (level === 'component') {
      const q = params.get('componentQ') ?? '';
      patchParams({ ...openComponent(entry.id), componentQ: q && !matchesFilter(entry.name, q) ? undefined : q });
    } else {
      const q = params.get('optionalQ') ?? '';
      if (q && !matchesFilter(entry.name, q)) patchParams({ optionalQ: undefined }, true);
    }
  }

  function onDeleted(level: Level, id: string) {
    if (level === 'category' && id === categoryId) patchParams(openCategory(undefined), true);
    if (level === 'component' && id === componentId) patchParams(openComponent(undefined), true);
  }

  function activate(level: 'category' | 'component', entry: TaxonomyEntry | undefined) {
    if (!entry) return;
    const mutation = level === 'category' ? activateCategory : activateComponent;
    mutation.mutate(
      { id: entry.id, isActive: true },
      {
        onSuccess: (saved) =>
          showToast(`${saved.name} activated`, 'success', {
            action: { label: 'Undo', onClick: () => mutation.mutate({ id: saved.id, isActive: false }) },
          }),
        onError: (error) => showToast(errorText(error), 'error'),
      },
    );
  }

  const categoryRef = category ? { id: category.id, name: category.name } : undefined;
  const componentRef = component ? { id: component.id, name: component.name } : undefined;
  const subtitle = counts.data
    ? `${countOf(counts.data.categories, 'category', 'categories')} · ${countOf(counts.data.components, 'component', 'components')} · ${countOf(counts.data.optionals, 'optional', 'optionals')}`
    : '\u00a0';

  return (
    <WorkspacePage title="Taxonomy" subtitle={subtitle}>
      <div className={styles.miller} data-phone-level={phoneLevel}>
        <TaxonomyColumn
          level="category"
          selectedId={categoryId}
          filter={params.get('q') ?? ''}
          onFilter={(text) => patchParams({ q: text.trim() ? text : undefined }, true)}
          hrefFor={(entry) => hrefWith(openCategory(entry.id))}
          onNew={() => openDrawer({ mode: 'create', level: 'category' })}
          onEdit={(entry) => openDrawer({ mode: 'edit', level: 'category', entry })}
          isCurrentOnPhone={phoneLevel === 'category'}
        />
        <TaxonomyColumn
          level="component"
          parentId={categoryId}
          parent={category}
          selectedId={componentId}
          filter={params.get('componentQ') ?? ''}
          onFilter={(text) => patchParams({ componentQ: text.trim() ? text : undefined }, true)}
          hrefFor={(entry) => hrefWith(openComponent(entry.id))}
          onNew={() => openDrawer({ mode: 'create', level: 'component', parent: categoryRef })}
          onEdit={(entry) => openDrawer({ mode: 'edit', level: 'component', entry, parent: categoryRef })}
          onActivateParent={() => activate('category', category)}
          isActivatingParent={activateCategory.isPending}
          back={{ label: 'Categories', to: hrefWith(openCategory(undefined)) }}
          isCurrentOnPhone={phoneLevel === 'component'}
        />
        <TaxonomyColumn
          level="optional"
          parentId={componentId}
          parent={component}
          filter={params.get('optionalQ') ?? ''}
          onFilter={(text) => patchParams({ optionalQ: text.trim() ? text : undefined }, true)}
          onNew={() => openDrawer({ mode: 'create', level: 'optional', parent: componentRef })}
          onEdit={(entry) => openDrawer({ mode: 'edit', level: 'optional', entry, parent: componentRef })}
          onActivateParent={() => activate('component', component)}
          isActivatingParent={activateComponent.isPending}
          back={{ label: category?.name ?? 'Components', to: hrefWith(openComponent(undefined)) }}
          isCurrentOnPhone={phoneLevel === 'optional'}
        />
      </div>
      {drawer ? (
        <EntryDrawer
          key={drawer.key}
          target={drawer.target}
          isOpen={drawer.isOpen}
          onClose={closeDrawer}
          onCreated={onCreated}
          onDeleted={onDeleted}
        />
      ) : null}
    </WorkspacePage>
  );
}
