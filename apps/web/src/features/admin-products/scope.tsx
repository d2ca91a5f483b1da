import { createContext, useContext, type ReactNode } from 'react';
import { paths, to } from '../../config/routes';

/**
 * Who the products table and editor work for (issue 11). `admin`: the whole catalog with every
 * action. `vendor`: the signed-in vendor's own pieces (`mine=true`), without what only the house does
 * (featuring, choosing the vendor or the designer, publishing, the Trash, CSV, bulk actions). The
 * server enforces the same rules; the scope only keeps the screen honest about them.
 */
export type ProductScopeKind = 'admin' | 'vendor';

export interface ProductScope {
  kind: ProductScopeKind;
  isAdmin: boolean;
  listPath: string;
  newPath: string;
  detailPath: (id: string) => string;
}

const SCOPES: Record<ProductScopeKind, ProductScope> = {
  admin: { kind: 'admin', isAdmin: true, listPath: paths.adminManageProducts, newPath: paths.adminProductNew, detailPath: to.adminProduct },
  vendor: { kind: 'vendor', isAdmin: false, listPath: paths.vendorProducts, newPath: paths.vendorProductNew, detailPath: to.vendorProduct },
};

const ScopeContext = createContext<ProductScope>(SCOPES.admin);

/** Route modules wrap the products screens in the vendor's scope; the admin's is the default. */
export function ProductScopeProvider({ scope, children }: { scope: ProductScopeKind; children: ReactNode }) {
  return <ScopeContext.Provider value={SCOPES[scope]}>{children}</ScopeContext.Provider>;
}

export function useProductScope(): ProductScope {
  return useContext(ScopeContext);
}
