import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, Order } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { adminOrderKeys, adminOrderPaths } from './admin-orders.queries';

/**
 * POST /api/orders on a client's behalf. A new order changes every order-shaped view (lists, tab
 * counts, the payment schedule, the overview's figures) and the stock of its pieces.
 */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderBody) => apiClient.post<Order>(adminOrderPaths.create, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminOrderKeys.root });
      // The pieces' stock moved: the catalog's back-office lists read it.
      void client.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
  });
}
