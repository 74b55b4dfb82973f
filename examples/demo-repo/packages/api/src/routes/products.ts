import type { Product } from '@harbor/shared';
import { Hono } from 'hono';

const catalog: Product[] = [
  { id: 'mug-01', name: 'Stoneware mug', price: { cents: 1450, currency: 'EUR' } },
  { id: 'lamp-02', name: 'Reading lamp', price: { cents: 4900, currency: 'EUR' } },
];

export const products = new Hono().get('/', (context) => context.json(catalog));
