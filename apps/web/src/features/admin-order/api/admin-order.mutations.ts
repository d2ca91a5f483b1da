import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order, OrderStatusBody, PaymentResult, PaymentTerms, RecordPaymentBody } from '@mirror/contract';
import { apiClient } from '../../../lib/api-client';
import { ORDERS_ROOT, adminOrderKeys, adminOrderPaths } from './admin-order.queries';

/** The order's own query takes the answer; every other order query (lists, payments, facets) refetches. */
function settleOrder(queryClient: QueryClient, order: Order): Promise<void> {
  const key = adminOrderKeys.detail(order.id);
  queryClient.setQueryData(key, order);
  return queryClient.invalidateQueries({
    queryKey: ORDERS_ROOT,
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key),
  });
}

export function useChangeOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderStatusBody) => apiClient.post<Order>(adminOrderPaths.status(id), body),
    onSuccess: (order, body) => {
      void settleOrder(queryClient, order);
      // A cancellation puts the pieces back in stock: the catalog's figures are stale.
      if (body.status === 'CANCELLED') {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
        void queryClient.invalidateQueries({ queryKey: ['products'] });
      }
    },
  });
}

export function useSetPaymentTerms(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: PaymentTerms) => apiClient.put<Order>(adminOrderPaths.terms(id), terms),
    onSuccess: (order) => settleOrder(queryClient, order),
  });
}

export interface RecordPaymentInput {
  scheduleId: string;
  body: RecordPaymentBody;
  /** One per opening of the Record payment dialog: a double click or a retry records one payment. */
  idempotencyKey: string;
}

export function useRecordPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scheduleId, body, idempotencyKey }: RecordPaymentInput) =>
      apiClient.post<PaymentResult>(adminOrderPaths.payments(id, scheduleId), body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (result) => settleOrder(queryClient, result.order),
  });
}
