// The web app's router: a small one of our own instead of react-router's data router (~30 KB
// brotli the first load of every page paid for), with only what the app uses: routes with `:name`
// parameters and a catch-all, links, a navigation blocker, scroll restoration and a route error
// boundary. bench/README.md "Web app: first load" has the figures.
export { type Location, type Path, type To } from './history';
export { type Params, type RouteObject } from './match-routes';
export { type Blocker, type BlockerFunction, type NavigateOptions, type Router, createBrowserRouter, createMemoryRouter } from './router';
export { MemoryRouter, Outlet, RouterProvider, useRouteError } from './router-provider';
export { type NavigateFunction, useBlocker, useLocation, useNavigate, useParams } from './hooks';
export { Link, type LinkProps, NavLink, type NavLinkProps, Navigate } from './links';
export { ScrollRestoration } from './scroll-restoration';
