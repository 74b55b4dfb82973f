import type { Product } from '@harbor/shared';

/** Fetch the product list from the API. */
export async function fetchProducts(): Promise<Product[]> {
  const response = await fetch('/api/products');
  if (!response.ok) throw new Error(`GET /api/products failed with ${response.status}`);
  return (await response.json()) as Product[];
}
