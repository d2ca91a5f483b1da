import { useQueries } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { NavIcon, type NavIconName } from './nav-icon';
import styles from './command-palette.module.css';

export interface PaletteResult {
  id: string;
  label: string;
  /** Secondary text: SKU, email, status. */
  detail?: string;
  to: string;
}

export interface PaletteSource {
  id: string;
  heading: string;
  /** Fewer characters typed than this: the source is not asked. */
  minLength?: number;
  search: (q: string, signal: AbortSignal) => Promise<PaletteResult[]>;
}

export interface PaletteSection {
  label: string;
  to: string;
  icon: NavIconName;
}

export interface CommandPaletteProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  sections: readonly PaletteSection[];
  sources: readonly PaletteSource[];
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Ctrl/Cmd-K: jump to any section, or to a record found by the sources (a piece by name or SKU,
 * an order by number, a person by name). On cmdk: the listbox pattern, arrows and Enter built in.
 */
export default function CommandPalette({ isOpen, onOpenChange, sections, sources }: CommandPaletteProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 180);
  // Closing forgets the search (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (!isOpen) setText('');
  }

  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['palette', source.id, q],
      queryFn: ({ signal }: { signal: AbortSignal }) => source.search(q, signal),
      enabled: isOpen && q.length >= (source.minLength ?? 2),
      staleTime: 30_000,
    })),
  });

  const folded = fold(text.trim());
  const matchingSections = folded ? sections.filter((s) => fold(s.label).includes(folded)) : sections;
  const isLoading = results.some((r) => r.isFetching);
  const go = (to: string) => {
    onOpenChange(false);
    void navigate(to);
  };

  return (
    <Command.Dialog
      open={isOpen}
      onOpenChange={onOpenChange}
      label="Search or jump to"
      shouldFilter={false}
      overlayClassName={styles.overlay}
      contentClassName={styles.content}
      className={styles.command}
    >
      <div className={styles.inputRow}>
        <NavIcon name="search" />
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Search pieces, orders, people — or jump to a section"
          className={styles.input}
        />
      </div>
      <Command.List className={styles.list}>
        {isLoading ? <Command.Loading className={styles.loading}>Searching…</Command.Loading> : null}
        <Command.Empty className={styles.empty}>
          {q.length < 2 ? 'Type at least two characters.' : `Nothing found for “${text.trim()}”.`}
        </Command.Empty>
        {matchingSections.length > 0 ? (
          <Command.Group heading="Go to" className={styles.group}>
            {matchingSections.map((section) => (
              <Command.Item key={section.to} value={`section:${section.to}`} onSelect={() => go(section.to)} className={styles.item}>
                <NavIcon name={section.icon} />
                <span className={styles.label}>{section.label}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {sources.map((source, index) => {
          const items = q.length >= (source.minLength ?? 2) ? (results[index]?.data ?? []) : [];
          if (items.length === 0) return null;
          return (
            <Command.Group key={source.id} heading={source.heading} className={styles.group}>
              {items.map((item) => (
                <Command.Item
                  key={`${source.id}:${item.id}`}
                  value={`${source.id}:${item.id}`}
                  onSelect={() => go(item.to)}
                  className={styles.item}
                >
                  <span className={styles.label}>{item.label}</span>
                  {item.detail ? <span className={styles.detail}>{item.detail}</span> : null}
                </Command.Item>
              ))}
            </Command.Group>
          );
        })}
      </Command.List>
    </Command.Dialog>
  );
}
