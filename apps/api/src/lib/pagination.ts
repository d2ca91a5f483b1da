import type { Page } from '@mirror/contract';

export function toPage<T>(content: T[], totalElements: number, page: number, size: number): Page<T> {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}
