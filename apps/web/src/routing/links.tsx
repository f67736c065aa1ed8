// Links between pages: a real <a href> (a new tab, a copied address and a crawler all work) whose
// plain left click navigates inside the app instead of loading the page again.
import { type AnchorHTMLAttributes, type MouseEvent, useEffect } from 'react';
import { type To, createPath, resolvePath } from './history';
import { useNavigate } from './hooks';
import { useRouter, useRouterState } from './router-provider';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to: To;
  readonly replace?: boolean;
  readonly state?: unknown;
  /** A full page load instead of a navigation inside the app. */
  readonly reloadDocument?: boolean;
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  const { location } = useRouterState();
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || !isPlainClick(event) || (target && target !== '_self')) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return <a {...rest} href={createPath(resolvePath(to, location))} target={target} onClick={onLinkClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  readonly className?: string | ((status: { isActive: boolean }) => string);
  /** Active on its own path only, not on the paths below it. */
  readonly end?: boolean;
}

/** A link that knows when its page (or one below it) is shown: aria-current and its class say so. */
export function NavLink({ className, end, ...rest }: NavLinkProps) {
  const { location } = useRouterState();
  const target = resolvePath(rest.to, location).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const base = target !== '/' && target.endsWith('/') ? target.slice(0, -1) : target;
  const isActive = current === base || current === `${base}/` || (!end && base !== '/' && current.startsWith(`${base}/`));
  return <Link {...rest} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />;
}

/** Navigates once rendered (a page that sends the visitor elsewhere). */
export function Navigate({ to, replace, state }: { readonly to: To; readonly replace?: boolean; readonly state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
