/** An amount of money in the smallest unit of its currency. */
export interface Money {
  cents: number;
  currency: 'EUR' | 'USD';
}

export interface Product {
  id: string;
  name: string;
  price: Money;
}

/** Format money for display, e.g. `€14.50`. */
export function formatMoney(money: Money): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: money.currency }).format(money.cents / 100);
}
