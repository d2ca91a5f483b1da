import type { MouseEvent } from 'react';
import { Link, type LinkProps } from 'react-router';
import type { TransitionVariant } from '../../lib/transitions';
import { usePageNavigation } from './use-page-navigation';

export interface PageLinkProps extends Omit<LinkProps, 'to'> {
  to: string;
  variant?: TransitionVariant;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An internal link that goes through the page transition (new tabs and modified clicks stay native). */
export function PageLink({ to, variant, onClick, target, ...props }: PageLinkProps) {
  const go = usePageNavigation();
  return (
    <Link
      to={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || (target && target !== '_self')) return;
        event.preventDefault();
        go(to, variant);
      }}
      {...props}
    />
  );
}
